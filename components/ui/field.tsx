"use client";

import { createContext, forwardRef, useContext, useId } from "react";
import { cn } from "@/lib/ui/cn";

type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean };

const FieldContext = createContext<FieldControl | null>(null);

/** The id, description and invalid state a control inside a Field takes (null outside one). */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

/** Border, background and focus ring shared by every text-like control. */
export const controlClass =
  "w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg " +
  "placeholder:text-fg-muted focus:border-focus focus:outline-none focus:ring-2 focus:ring-focus/40 " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted " +
  "aria-[invalid=true]:border-danger-text";

/**
 * A labelled form control with an optional hint, error and character counter. The child
 * (Input, Textarea or Select) picks up the id, `aria-describedby` and `aria-invalid` from here,
 * so the label, hint and error are announced with it.
 */
export function Field({
  label,
  hint,
  error,
  counter,
  required,
  id: idProp,
  labelAside,
  className,
  children,
}: {
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  counter?: { value: number; max: number };
  /** Text read after the label for a required field (e.g. "required"); shows an asterisk. */
  required?: string;
  /** The control's id; generated when omitted. */
  id?: string;
  /** Shown at the end of the label row, outside the label (e.g. a status badge). */
  labelAside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const generated = useId();
  const id = idProp ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, counter ? counterId : null]
      .filter(Boolean)
      .join(" ") || undefined;
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
      <FieldContext.Provider value={{ id, describedBy, invalid: Boolean(error) || over }}>
        {children}
      </FieldContext.Provider>
      {hint || counter ? (
        <div className="flex items-start justify-between gap-3 text-xs text-fg-muted">
          {hint ? <p id={hintId}>{hint}</p> : <span />}
          {counter ? (
            <p
              id={counterId}
              className={cn("shrink-0 tabular-nums", over && "font-semibold text-danger-text")}
            >
              {counter.value}/{counter.max}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useControlProps<T extends { id?: string; "aria-describedby"?: string }>(
  props: T & { "aria-invalid"?: React.AriaAttributes["aria-invalid"] },
) {
  const field = useFieldControl();
  return {
    id: props.id ?? field?.id,
    "aria-describedby":
      [field?.describedBy, props["aria-describedby"]].filter(Boolean).join(" ") || undefined,
    "aria-invalid": props["aria-invalid"] ?? (field?.invalid ? true : undefined),
  };
}

export type InputProps = React.InputHTMLAttributes<HTMLInputElement>;

/** A text input; inside a Field it is labelled and described by it. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      {...props}
      {...useControlProps(props)}
      className={cn(controlClass, "h-10", className)}
    />
  );
});

export type TextareaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A multi-line text input; inside a Field it is labelled and described by it. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, ...props },
  ref,
) {
  return (
    <textarea
      ref={ref}
      {...props}
      {...useControlProps(props)}
      className={cn(controlClass, "min-h-24 py-2 leading-relaxed", className)}
    />
  );
});

export type NativeSelectProps = React.SelectHTMLAttributes<HTMLSelectElement>;

/**
 * The browser's own select, styled like the other controls: for short fixed lists where the
 * platform picker (phones, screen readers, autofill) is the better choice. Options as children.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { className, ...props },
  ref,
) {
  return (
    <select
      ref={ref}
      {...props}
      {...useControlProps(props)}
      className={cn(controlClass, "h-10 pe-8", className)}
    />
  );
});
