import { CheckCircle2, Info, Loader2 } from "lucide-react";
import { toneClass } from "@/components/ui";
import { cn } from "@/lib/ui/cn";

/** Spec: the chip reads Saving..., the last message, or All changes saved. */
export function StatusChip({
  saving,
  message,
  savedText,
  savingText,
}: {
  saving: boolean;
  message: string | null;
  savedText: string;
  savingText: string;
}) {
  const Icon = saving ? Loader2 : message ? Info : CheckCircle2;
  const tone = toneClass[saving ? "neutral" : message ? "brand" : "success"];
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="profile-status"
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium",
        tone,
      )}
    >
      <Icon
        aria-hidden
        className={cn("size-4 shrink-0", saving && "animate-spin motion-reduce:animate-none")}
      />
      <span className="truncate">{saving ? savingText : (message ?? savedText)}</span>
    </p>
  );
}
