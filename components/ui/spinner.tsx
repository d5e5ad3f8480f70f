import { svgIcon } from "./svg-icon";

// lucide's loader-circle as plain SVG: the spinner is in first loads (sign-in, the shell).
const Loader2 = svgIcon("loader-circle", [["path", { d: "M21 12a9 9 0 1 1-6.219-8.56" }]]);

/**
 * A spinning indicator. With `label` it is announced (role status); without, it is decorative
 * and the surrounding text says what is happening. `className` replaces the default size
 * (`size-4`); joined without tailwind-merge, which the sign-in page must not load.
 */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const icon = (
    <Loader2
      aria-hidden
      className={`${className ?? "size-4"} animate-spin motion-reduce:animate-none`}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
