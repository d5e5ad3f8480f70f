// The sign-in screen's icons as plain SVG (lucide's shapes and attributes): lucide-react's
// icons are client components (createLucideIcon and its Icon, ~1.1 KiB gz), so even the ones
// rendered on the server would bring that code into the sign-in page's first load.
import { Svg } from "./svg";

export function AlertIcon({ className }: { className: string }) {
  return (
    <Svg className={className}>
      <circle cx="12" cy="12" r="10" />
      <line x1="12" x2="12" y1="8" y2="12" />
      <line x1="12" x2="12.01" y1="16" y2="16" />
    </Svg>
  );
}

export function EyeIcon({ className }: { className: string }) {
  return (
    <Svg className={className}>
      <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
      <circle cx="12" cy="12" r="3" />
    </Svg>
  );
}

export function EyeOffIcon({ className }: { className: string }) {
  return (
    <Svg className={className}>
      <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
      <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
      <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
      <path d="m2 2 20 20" />
    </Svg>
  );
}

/** Spinner (components/ui/spinner.tsx, decorative form) for the Login button. */
export function SpinnerIcon() {
  return (
    <Svg className="size-4 animate-spin motion-reduce:animate-none">
      <path d="M21 12a9 9 0 1 1-6.219-8.56" />
    </Svg>
  );
}

export function ArrowLeftIcon({ className }: { className: string }) {
  return (
    <Svg className={className}>
      <path d="m12 19-7-7 7-7" />
      <path d="M19 12H5" />
    </Svg>
  );
}

export function CircleCheckIcon({ className }: { className: string }) {
  return (
    <Svg className={className}>
      <circle cx="12" cy="12" r="10" />
      <path d="m16 9-5.5 5.5L8 12" />
    </Svg>
  );
}

/** The brand's phone mark (lucide PhoneCall): modules/shell/components/brand-mark.tsx. */
