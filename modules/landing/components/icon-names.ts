// The lucide icons the landing draws, by lucide's name: each is a symbol of ./icons.svg. After
// adding one, regenerate the sprite: `npx vitest run landing-icons --update`.
export const landingIconNames = [
  "arrow-right",
  "chart-column",
  "check",
  "chevron-down",
  "clock",
  "mail-check",
  "mic",
  "phone-call",
  "phone-forwarded",
  "shield-check",
  "skip-forward",
  "target",
  "timer",
  "trending-up",
  "users",
  "zap",
] as const;

export type LandingIconName = (typeof landingIconNames)[number];
