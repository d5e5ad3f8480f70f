"use client";

import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/ui/cn";

// A small tooltip of our own: every icon button has one, so it is part of every signed-in
// page's first load, where Radix Tooltip's stack (popper, portal, presence, dismissable layer:
// ~35 KiB gz) was the largest single cost. Same behaviour: opens after 400 ms of hover (at once
// when another tip closed less than 200 ms ago, or on keyboard focus), closes on leave, blur,
// press, Escape and scroll; the tip is role="tooltip" and describes its trigger while shown.

const delayMs = 400;
const skipDelayMs = 200;
const gap = 6;
const padding = 8;
let lastClosedAt = 0;

const recentlyClosed = () => Date.now() - lastClosedAt < skipDelayMs;
const markClosed = () => {
  lastClosedAt = Date.now();
};

type Side = "top" | "bottom" | "left" | "right";
type TriggerProps = React.HTMLAttributes<HTMLElement>;

function place(trigger: DOMRect, tip: DOMRect, side: Side) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, padding), max - padding);
  let s = side;
  if (s === "top" && trigger.top - tip.height - gap < padding) s = "bottom";
  else if (s === "bottom" && trigger.bottom + tip.height + gap > vh - padding) s = "top";
  else if (s === "left" && trigger.left - tip.width - gap < padding) s = "right";
  else if (s === "right" && trigger.right + tip.width + gap > vw - padding) s = "left";
  if (s === "top" || s === "bottom") {
    return {
      top: s === "top" ? trigger.top - tip.height - gap : trigger.bottom + gap,
      left: clamp(trigger.left + trigger.width / 2 - tip.width / 2, vw - tip.width),
    };
  }
  return {
    top: clamp(trigger.top + trigger.height / 2 - tip.height / 2, vh - tip.height),
    left: s === "left" ? trigger.left - tip.width - gap : trigger.right + gap,
  };
}

/**
 * A short text shown on hover and keyboard focus of `children` (one focusable element).
 * The trigger keeps its own accessible name; the tip repeats or explains it.
 */
export function Tooltip({
  content,
  children,
  side = "top",
  className,
}: {
  content: React.ReactNode;
  children: React.ReactElement<TriggerProps>;
  side?: Side;
  className?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const tip = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((now: boolean) => {
    clearTimeout(timer.current);
    if (now || recentlyClosed()) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delayMs);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen((was) => {
      if (was) markClosed();
      return false;
    });
    setPosition(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && hide();
    const onScroll = () => hide();
    document.addEventListener("keydown", onKey, true);
    window.addEventListener("scroll", onScroll, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      window.removeEventListener("scroll", onScroll, true);
    };
  }, [open, hide]);
  useLayoutEffect(() => {
    if (!open || !trigger || !tip.current) return;
    setPosition(place(trigger.getBoundingClientRect(), tip.current.getBoundingClientRect(), side));
  }, [open, side, trigger]);

  const own = children.props;
  return (
    <>
      {/* The handlers below run on events, never during render (the rule cannot tell). */}
      {/* eslint-disable-next-line react-hooks/refs */}
      {cloneElement(children, {
        "aria-describedby": open ? id : own["aria-describedby"],
        onPointerEnter: (e: React.PointerEvent<HTMLElement>) => {
          own.onPointerEnter?.(e);
          setTrigger(e.currentTarget);
          if (e.pointerType === "mouse") show(false);
        },
        onPointerLeave: (e: React.PointerEvent<HTMLElement>) => {
          own.onPointerLeave?.(e);
          hide();
        },
        onPointerDown: (e: React.PointerEvent<HTMLElement>) => {
          own.onPointerDown?.(e);
          hide();
        },
        onFocus: (e: React.FocusEvent<HTMLElement>) => {
          own.onFocus?.(e);
          setTrigger(e.currentTarget);
          if (e.currentTarget.matches(":focus-visible")) show(true);
        },
        onBlur: (e: React.FocusEvent<HTMLElement>) => {
          own.onBlur?.(e);
          hide();
        },
      } as Partial<TriggerProps>)}
      {open &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            style={{
              position: "fixed",
              top: position?.top ?? 0,
              left: position?.left ?? 0,
              visibility: position ? "visible" : "hidden",
            }}
            className={cn(
              "pointer-events-none z-[100] max-w-64 rounded-md bg-fg px-2 py-1 text-xs font-medium text-canvas shadow-md",
              className,
            )}
          >
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
