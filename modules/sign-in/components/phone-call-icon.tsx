// The logo's phone (lucide's shape, plain SVG like ./icons.tsx), in its own file: the brand mark
// is in every signed-in page's first load, which needs none of the sign-in screen's icons.
import { Svg } from "./svg";

export function PhoneCallIcon({ className }: { className: string }) {
  return (
    <Svg className={className}>
      <path d="M13 2a9 9 0 0 1 9 9" />
      <path d="M13 6a5 5 0 0 1 5 5" />
      <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />
    </Svg>
  );
}
