import { Loader2 } from "lucide-react";
import { cn } from "@/lib/ui/cn";

/**
 * A spinning indicator. With `label` it is announced (role status); without, it is decorative
 * and the surrounding text says what is happening.
 */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const icon = (
    <Loader2
      aria-hidden
      className={cn("size-4 animate-spin motion-reduce:animate-none", className)}
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
