export interface Point {
  x: number;
  y: number;
}
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

export const POSITION_STORAGE_KEY = "dialer.position";

/** Parses a stored position; anything malformed counts as none. */
export function parseStoredPosition(raw: string | null): Point | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === "object") {
      const { x, y } = value as Record<string, unknown>;
      if (
        typeof x === "number" &&
        typeof y === "number" &&
        Number.isFinite(x) &&
        Number.isFinite(y)
      ) {
        return { x, y };
      }
    }
  } catch {
    // fall through
  }
  return null;
}
