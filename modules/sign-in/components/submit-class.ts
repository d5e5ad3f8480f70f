/**
 * The Login button's classes: the primary `Button` (components/ui/button.tsx) with the sign-in
 * screen's height, and busy or not yet hydrated kept in the button's colours (a short wait, not
 * an unavailable action). Written out already merged because `Button` joins its classes with
 * tailwind-merge (~9 KiB gz), which the sign-in page's first load has no room for;
 * tests/unit/login-submit-class.test.ts checks it still equals
 * `cn(buttonVariants(), loginSubmitOverrides)`.
 */
export const loginSubmitOverrides =
  "mt-2 h-11 disabled:cursor-wait disabled:bg-primary disabled:text-primary-fg";

export const loginSubmitClass =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold " +
  "transition-colors aria-disabled:cursor-not-allowed [&_svg]:shrink-0 bg-primary " +
  "text-primary-fg shadow-sm hover:bg-primary-hover disabled:shadow-none px-4 text-sm " +
  "[&_svg]:size-4 mt-2 h-11 disabled:cursor-wait disabled:bg-primary disabled:text-primary-fg";
