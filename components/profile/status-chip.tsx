import { CheckCircle2, Info, Loader2 } from "lucide-react";

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
  const tone = saving
    ? "bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700"
    : message
      ? "bg-brand-50 text-brand-700 ring-brand-100 dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/30"
      : "bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30";
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="profile-status"
      className={`inline-flex max-w-full items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${tone}`}
    >
      <Icon aria-hidden className={`size-4 shrink-0 ${saving ? "animate-spin" : ""}`} />
      <span className="truncate">{saving ? savingText : (message ?? savedText)}</span>
    </p>
  );
}
