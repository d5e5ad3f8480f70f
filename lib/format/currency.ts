/** USD with no decimals in the UI locale (spec section 9), e.g. "$12,480" / "12.480 $" / "‏12,480 US$". */
export function formatUsd(amount: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** Whole minutes from seconds; the dashboard shows talk time rounded to minutes. */
export function talkMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}
