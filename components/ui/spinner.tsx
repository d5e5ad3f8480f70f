import { Loader2 } from "lucide-react";

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
