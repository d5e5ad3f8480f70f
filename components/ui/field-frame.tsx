// No "use client": the markup of a Field, for client and server components alike. A server
// component renders its control itself with the ids from `fieldDescribedBy` (no JavaScript is
// shipped for it); a client component uses Field, which hands them to Input through a context.
import { cn } from "@/lib/ui/cn";

/** Border, background and focus ring shared by every text-like control. */
export const controlClass =
  "w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg " +
  "placeholder:text-fg-muted focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/40 " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted " +
  "aria-[invalid=true]:border-danger-text";

type Described = {
  hint?: React.ReactNode;
  error?: React.ReactNode;
  counter?: { value: number; max: number };
};

/** The `aria-describedby` of the control with this id in a field with these parts. */
export function fieldDescribedBy(id: string, { hint, error, counter }: Described) {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null, counter ? `${id}-counter` : null]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

export type FieldFrameProps = Described & {
  label: React.ReactNode;
  /** Text read after the label for a required field (e.g. "required"); shows an asterisk. */
  required?: string;
  /** The control's id (the label points at it; the hint, error and counter ids derive from it). */
  id: string;
  /** Shown at the end of the label row, outside the label (e.g. a status badge). */
  labelAside?: React.ReactNode;
  className?: string;
  /** The control. */
  children: React.ReactNode;
};

/** The label, hint, error and counter around a control whose id is `id`. */
export function FieldFrame({
  label,
  hint,
  error,
  counter,
  required,
  id,
  labelAside,
  className,
  children,
}: FieldFrameProps) {
  const over = counter ? counter.value > counter.max : false;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
          {required ? (
            <span className="ms-0.5 text-danger-text" aria-hidden>
              *
            </span>
          ) : null}
          {required ? <span className="sr-only"> ({required})</span> : null}
        </label>
        {labelAside}
      </div>
      {children}
      {hint || counter ? (
        <div className="flex items-start justify-between gap-3 text-xs text-fg-muted">
          {hint ? <p id={`${id}-hint`}>{hint}</p> : <span />}
          {counter ? (
            <p
              id={`${id}-counter`}
              className={cn("shrink-0 tabular-nums", over && "font-semibold text-danger-text")}
            >
              {counter.value}/{counter.max}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
