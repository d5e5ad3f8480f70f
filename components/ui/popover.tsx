"use client";

import { forwardRef } from "react";
import * as PopoverPrimitive from "@radix-ui/react-popover";
import { cn } from "@/lib/ui/cn";
import { floatingPanelClass } from "./dropdown-menu";

/**
 * A panel of form controls opened from a button (a note and its Save, for instance). Use it
 * instead of DropdownMenu whenever the content is not a list of menu items: a menu may hold only
 * menu items (axe: aria-required-children), a popover is a labelled dialog that may hold anything.
 * Escape and outside clicks close it and focus returns to the trigger.
 */
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export const PopoverContent = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof PopoverPrimitive.Content>
>(function PopoverContent({ className, sideOffset = 6, align = "end", ...props }, ref) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(floatingPanelClass, className)}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
});
