import { Button } from "./button";
import { Spinner } from "./spinner";

// The loading and failed states of a list the screen fetches (Call Log, Missed Calls,
// Callbacks): the same box, so a list never jumps between them.

export function ListLoading({ label, testId }: { label: string; testId: string }) {
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 rounded-xl border border-line bg-surface px-4 py-12 text-sm text-fg-muted"
      data-testid={testId}
    >
      <Spinner />
      {label}
    </p>
  );
}

export function ListError({
  message,
  retryLabel,
  onRetry,
  testId,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border border-danger-text/40 bg-danger-soft px-4 py-10 text-center text-sm text-danger-soft-fg"
      data-testid={testId}
    >
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
