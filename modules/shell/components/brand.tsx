import Link from "next/link";
import { BrandMark, brandLinkClass } from "./brand-mark";

/** Logo mark + product name (Common.appName), a client-side link (the public pages use PublicBrand). */
export function Brand({
  href = "/app",
  compact = false,
  nameFrom,
}: {
  href?: string;
  compact?: boolean;
  nameFrom?: "sm";
}) {
  return (
    <Link href={href} className={brandLinkClass}>
      <BrandMark compact={compact} nameFrom={nameFrom} />
    </Link>
  );
}
