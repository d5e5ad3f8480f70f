"use client";

import { forwardRef } from "react";

/** A square icon-only button; `label` is its accessible name and tooltip. */
export const IconButton = forwardRef<
  HTMLButtonElement,
  React.ButtonHTMLAttributes<HTMLButtonElement> & { label: string }
>(function IconButton({ label, className = "", children, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      className={
        "inline-flex size-7 items-center justify-center rounded-md text-slate-500 transition-colors " +
        "hover:bg-slate-200 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40 " +
        "disabled:hover:bg-transparent data-[state=open]:bg-slate-200 " +
        "dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100 dark:data-[state=open]:bg-slate-700 " +
        className
      }
      {...props}
    >
      {children}
    </button>
  );
});

export const menuContentClass =
  "z-[60] min-w-56 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-xl " +
  "dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100";

export const menuItemClass =
  "flex cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 outline-none " +
  "data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50 dark:data-[highlighted]:bg-slate-700";
