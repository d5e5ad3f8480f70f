"use client";

import { createContext, forwardRef, useContext, useId } from "react";
import { cn } from "@/lib/ui/cn";
import { FieldFrame, controlClass, fieldDescribedBy, type FieldFrameProps } from "./field-frame";

export { controlClass };

type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean };

const FieldContext = createContext<FieldControl | null>(null);

/** The id, description and invalid state a control inside a Field takes (null outside one). */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

/**
 * A labelled form control with an optional hint, error and character counter. The child
 * (Input, Textarea or Select) picks up the id, `aria-describedby` and `aria-invalid` from here,
 * so the label, hint and error are announced with it.
 */
export function Field({
  id: idProp,
  error,
  counter,
  children,
  ...frame
}: Omit<FieldFrameProps, "id" | "children"> & {
  /** The control's id; generated when omitted. */
  id?: string;
  children: React.ReactNode;
}) {
  const generated = useId();
  const id = idProp ?? generated;
  const parts = { hint: frame.hint, error, counter };
  const over = counter ? counter.value > counter.max : false;
  return (
    <FieldFrame id={id} error={error} counter={counter} {...frame}>
      <FieldContext.Provider
        value={{ id, describedBy: fieldDescribedBy(id, parts), invalid: Boolean(error) || over }}
      >
        {children}
      </FieldContext.Provider>
    </FieldFrame>
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
