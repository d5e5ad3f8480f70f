"use client";

import { cloneElement, useCallback, useEffect, useRef, useState, type ComponentType } from "react";

// Menus and popovers load their code (Radix's menu or popover stack, ~30 KiB gz) the first time
// they are used, not with the page. Until then the trigger is the same button, announced the
// same way (aria-haspopup, aria-expanded=false); hovering or focusing it starts the download,
// and pressing it (as Radix: a menu on pointer down or Enter / Space / ArrowDown, a popover on
// click) mounts the real one open.

/** What the real menu receives: open it at once, and where focus goes (keyboard: first item). */
export type LazyMenuOpen = { defaultOpen: boolean; focusFirstItem: boolean };

type TriggerProps = React.ButtonHTMLAttributes<HTMLButtonElement> &
  Record<`data-${string}`, string>;

export function LazyMenu<P extends object>({
  popup = "menu",
  load,
  trigger,
  props,
}: {
  /** "menu" (DropdownMenu: opens on pointer down and arrow keys) or "dialog" (Popover: on click). */
  popup?: "menu" | "dialog";
  /** () => import("./my-menu"): its default export renders the Radix menu with `trigger`. */
  load: () => Promise<{
    default: ComponentType<P & LazyMenuOpen & { trigger: React.ReactElement }>;
  }>;
  /** The trigger button; the real menu renders it inside DropdownMenuTrigger asChild. */
  trigger: React.ReactElement<TriggerProps>;
  props: P;
}) {
  const [Menu, setMenu] = useState<ComponentType<
    P & LazyMenuOpen & { trigger: React.ReactElement }
  > | null>(null);
  const [opened, setOpened] = useState<LazyMenuOpen | null>(null);
  const loading = useRef<Promise<unknown> | null>(null);
  const ensureLoaded = useCallback(() => {
    loading.current ??= load().then(
      (mod) => setMenu(() => mod.default),
      () => {
        loading.current = null; // offline for a moment: the next press tries again
      },
    );
  }, [load]);

  if (Menu && opened) return <Menu {...props} {...opened} trigger={trigger} />;

  const own = trigger.props;
  return cloneElement(trigger, {
    "aria-haspopup": popup,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: (event: React.PointerEvent<HTMLButtonElement>) => {
      own.onPointerEnter?.(event);
      ensureLoaded();
    },
    onFocus: (event: React.FocusEvent<HTMLButtonElement>) => {
      own.onFocus?.(event);
      ensureLoaded();
    },
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      own.onClick?.(event);
      if (popup !== "dialog") return;
      ensureLoaded();
      setOpened({ defaultOpen: true, focusFirstItem: false });
    },
    onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => {
      own.onPointerDown?.(event);
      if (popup !== "menu" || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault(); // as Radix: the trigger does not take focus on press
      ensureLoaded();
      setOpened({ defaultOpen: true, focusFirstItem: false });
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => {
      own.onKeyDown?.(event);
      if (popup !== "menu" || !["Enter", " ", "ArrowDown"].includes(event.key)) return;
      event.preventDefault();
      ensureLoaded();
      setOpened({ defaultOpen: true, focusFirstItem: true });
    },
  } as Partial<TriggerProps>);
}

/**
 * A ref for DropdownMenuContent in a lazily mounted menu: when it was opened from the keyboard,
 * focus its first item, as Radix does when it sees the opening key press itself (which here
 * happened before it was loaded).
 */
export function useFocusFirstItem(focusFirstItem: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusFirstItem) return;
    const frame = requestAnimationFrame(() => {
      ref.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusFirstItem]);
  return ref;
}
