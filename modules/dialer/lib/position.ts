import * as r from "@/lib/client/rules";

/** A point on screen; also the shape the dragged dialer's place is stored in. */
export type Point = { x: number; y: number };
/** The stored point (lib/client/rules.ts: the dialer is in every /app page, so no zod here). */
export const pointSchema: r.Rule<Point> = r.object({ x: r.number(), y: r.number() });
export interface Size {
  width: number;
  height: number;
}

/** Gap kept between the widget and the viewport edge. */
export const EDGE_MARGIN = 8;

/** Keeps a box of `size` fully inside the viewport; top-left wins when it cannot fit. */
export function clampPosition(pos: Point, size: Size, viewport: Size, margin = EDGE_MARGIN): Point {
  const maxX = Math.max(margin, viewport.width - size.width - margin);
  const maxY = Math.max(margin, viewport.height - size.height - margin);
  return {
    x: Math.round(Math.min(Math.max(pos.x, margin), maxX)),
    y: Math.round(Math.min(Math.max(pos.y, margin), maxY)),
  };
}

/** Bottom corner on the reading-end side: right in left-to-right, left in right-to-left. */
export function defaultPosition(size: Size, viewport: Size, rtl: boolean): Point {
  const margin = 24;
  const x = rtl ? margin : viewport.width - size.width - margin;
  return clampPosition({ x, y: viewport.height - size.height - margin }, size, viewport);
}

/**
 * Where the floating window shows while a panel beside the work (the facility drawer, `panel`
 * px wide at the inline end) is open: moved to the panel's inline-start side when it would
 * cover it, keeping its height, as far as the viewport allows. Nothing is stored: when the
 * panel closes the window goes back to `pos`.
 */
export function clearOfPanel(
  pos: Point,
  size: Size,
  viewport: Size,
  panel: number,
  rtl: boolean,
  margin = EDGE_MARGIN,
): Point {
  if (panel <= 0) return pos;
  const free = viewport.width - panel;
  if (rtl) {
    if (pos.x >= panel + margin) return pos;
    return {
      x: Math.min(panel + margin, Math.max(margin, viewport.width - size.width - margin)),
      y: pos.y,
    };
  }
  if (pos.x + size.width <= free - margin) return pos;
  return { x: Math.max(margin, free - margin - size.width), y: pos.y };
}
