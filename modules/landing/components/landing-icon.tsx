import sprite from "./icons.svg";
import type { LandingIconName } from "./icon-names";

// The landing's icons (lucide's shapes), one SVG sprite file for all of them. A server-drawn
// lucide icon is sent twice, in the HTML and again in the inline payload React hydrates from;
// a `<use>` of the sprite is a few bytes in each, and the sprite is one immutable, cached file
// under /_next/static. `icons.svg` is generated from lucide-react by
// tests/unit/landing-icons.test.ts, from the names in ./icon-names.ts.

/** A decorative icon (hidden from assistive technology), sized by its class or its parent's. */
export function LandingIcon({ name, className }: { name: LandingIconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`${(sprite as { src: string }).src}#${name}`} />
    </svg>
  );
}

/** A LandingIcon as a component of its own, for parts that take an icon component (IconBadge). */
export function landingIcon(name: LandingIconName) {
  return function Icon({ className }: { className?: string }) {
    return <LandingIcon name={name} className={className} />;
  };
}
