"use client";

import { forwardRef, useState } from "react";
import { useTranslations } from "next-intl";
import { EyeIcon, EyeOffIcon } from "./icons";

type Props = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & { inputClassName: string };

/** Password input with the spec's Show/Hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Props>(function PasswordField(
  { inputClassName, ...props },
  ref,
) {
  const t = useTranslations("Login");
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        ref={ref}
        type={visible ? "text" : "password"}
        className={`${inputClassName} pe-20`}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-pressed={visible}
        aria-controls={props.id}
        className="absolute inset-y-1 end-1 inline-flex items-center gap-1 rounded-md px-2.5 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
      >
        {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
        {visible ? t("hide") : t("show")}
      </button>
    </div>
  );
});
