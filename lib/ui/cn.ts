import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets a later Tailwind class win over an earlier one of the same kind
 * (`cn("px-4", "px-2")` is `"px-2"`), so a part's defaults can be overridden by a caller.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
