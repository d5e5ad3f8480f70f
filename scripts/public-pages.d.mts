// Types for scripts/public-pages.mjs (used by its unit test).
import type { IncomingMessage, ServerResponse } from "node:http";

export type FetchPage = (
  url: string,
  locale: string,
) => Promise<{ status: number; rawHeaders: string[]; body: Buffer }>;

export function memoKey(req: IncomingMessage, locales: Set<string>): string | null;

export function varyByCookie(req: IncomingMessage, res: ServerResponse): void;

export function createPublicPageMemo(options: {
  locales: Set<string>;
  fetchPage: FetchPage;
  compress(req: IncomingMessage, res: ServerResponse): void;
}): {
  answer(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean;
};
