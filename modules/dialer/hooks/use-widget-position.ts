import "client-only";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { readStored, writeStored } from "@/lib/client/storage";
import { dialerPositionKey } from "@/modules/dialer/lib/storage-keys";
import { clampPosition, defaultPosition, type Point } from "@/modules/dialer/lib/position";

export const viewport = () => ({
  width: document.documentElement.clientWidth || window.innerWidth,
  height: window.innerHeight,
});
export const sizeOf = (el: HTMLElement) => ({ width: el.offsetWidth, height: el.offsetHeight });

/**
 * Where the floating widget sits. Null until measured on the client; then the remembered
 * position (sessionStorage) or the default corner, always clamped inside the viewport,
 * including after window resizes and after the widget itself changes size.
 */
export function useWidgetPosition(ref: React.RefObject<HTMLElement | null>, rtl: boolean) {
  const [pos, setPos] = useState<Point | null>(null);

  const clampNow = useCallback(
    (p: Point) => (ref.current ? clampPosition(p, sizeOf(ref.current), viewport()) : p),
    [ref],
  );

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const stored = readStored(dialerPositionKey);
    setPos(stored ? clampNow(stored) : defaultPosition(sizeOf(el), viewport(), rtl));
  }, [ref, rtl, clampNow]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const reclamp = () => setPos((p) => (p ? clampNow(p) : p));
    window.addEventListener("resize", reclamp);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(reclamp);
    observer?.observe(el);
    return () => {
      window.removeEventListener("resize", reclamp);
      observer?.disconnect();
    };
  }, [ref, clampNow]);

  const moveTo = useCallback(
    (p: Point, persist: boolean) => {
      const next = clampNow(p);
      setPos(next);
      // Session storage blocked: the position still holds while the page lives.
      if (persist) writeStored(dialerPositionKey, next);
    },
    [clampNow],
  );

  return { pos, moveTo };
}

/** Pointer-event dragging (mouse, pen and touch alike) for a handle that moves `pos`. */
export function useDragHandle(pos: Point | null, moveTo: (p: Point, persist: boolean) => void) {
  const grab = useRef<{ id: number; dx: number; dy: number } | null>(null);

  const onPointerDown = (e: React.PointerEvent<HTMLElement>) => {
    if (!pos || e.button !== 0) return;
    // Buttons and fields inside the handle keep their own behaviour.
    if ((e.target as HTMLElement).closest("button, input, textarea, [role='menu']")) return;
    grab.current = { id: e.pointerId, dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: React.PointerEvent<HTMLElement>) => {
    const g = grab.current;
    if (g && g.id === e.pointerId) moveTo({ x: e.clientX - g.dx, y: e.clientY - g.dy }, false);
  };
  const release = (e: React.PointerEvent<HTMLElement>) => {
    const g = grab.current;
    if (!g || g.id !== e.pointerId) return;
    grab.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId))
      e.currentTarget.releasePointerCapture(e.pointerId);
    moveTo({ x: e.clientX - g.dx, y: e.clientY - g.dy }, true);
  };
  /** Arrow keys move the widget for keyboard users; Shift moves further. */
  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    if (!pos) return;
    const step = e.shiftKey ? 48 : 12;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    moveTo({ x: pos.x + d[0], y: pos.y + d[1] }, true);
  };

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: release,
    onPointerCancel: release,
    onKeyDown,
  };
}
