"use client";

import { forwardRef } from "react";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Check } from "lucide-react";
import { cn } from "@/lib/ui/cn";
import { useDirection } from "./use-direction";

/**
 * Menu root; takes the interface direction so arrow keys and alignment follow Arabic.
 * Non-modal by default: a modal menu marks the rest of the page aria-hidden while it stays
 * focusable (axe: aria-hidden-focus). A non-modal menu still closes on Escape, outside click
 * and Tab, and returns focus to its trigger.
 */
export function DropdownMenu(props: React.ComponentProps<typeof Menu.Root>) {
  const dir = useDirection();
  return <Menu.Root dir={dir} modal={false} {...props} />;
}

export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

/** The look of every panel that floats over the page (menus, popovers). */
export const floatingPanelClass =
  "z-[100] min-w-52 rounded-xl border border-line bg-surface p-1.5 text-sm text-fg shadow-lg";

export const DropdownMenuContent = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.Content>
>(function DropdownMenuContent({ className, sideOffset = 6, align = "end", ...props }, ref) {
  return (
    <Menu.Portal>
      <Menu.Content
        ref={ref}
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(floatingPanelClass, className)}
        {...props}
      />
    </Menu.Portal>
  );
});

export const menuItemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2.5 py-2 text-sm text-fg outline-none " +
  "data-[highlighted]:bg-surface-muted data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 " +
  "[&_svg]:size-4 [&_svg]:shrink-0";

export const DropdownMenuItem = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.Item> & { tone?: "default" | "danger" }
>(function DropdownMenuItem({ className, tone = "default", ...props }, ref) {
  return (
    <Menu.Item
      ref={ref}
      className={cn(menuItemClass, tone === "danger" && "text-danger-text", className)}
      {...props}
    />
  );
});

export const DropdownMenuCheckboxItem = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.CheckboxItem>
>(function DropdownMenuCheckboxItem({ className, children, ...props }, ref) {
  return (
    <Menu.CheckboxItem ref={ref} className={cn(menuItemClass, className)} {...props}>
      <span className="grid size-4 place-items-center rounded border border-line-strong">
        <Menu.ItemIndicator>
          <Check aria-hidden className="!size-3" strokeWidth={3} />
        </Menu.ItemIndicator>
      </span>
      {children}
    </Menu.CheckboxItem>
  );
});

export const DropdownMenuLabel = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.Label>
>(function DropdownMenuLabel({ className, ...props }, ref) {
  return (
    <Menu.Label
      ref={ref}
      className={cn("truncate px-2.5 py-1.5 text-xs text-fg-muted", className)}
      {...props}
    />
  );
});

export const DropdownMenuSeparator = forwardRef<
  HTMLDivElement,
  React.ComponentPropsWithoutRef<typeof Menu.Separator>
>(function DropdownMenuSeparator({ className, ...props }, ref) {
  return <Menu.Separator ref={ref} className={cn("my-1 h-px bg-line", className)} {...props} />;
});
