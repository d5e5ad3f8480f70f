import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { mergeConfig } from "./merge-config";

const merge = createTailwindMerge(mergeConfig);

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind
 * (`cn("px-4", "px-2")` is `"px-2"`), so a part's defaults can be overridden by a caller. The
 * kinds it knows are the ones this app overrides (`./merge-config.ts`).
 */
export function cn(...classes: ClassValue[]): string {
  return merge(clsx(classes));
}
