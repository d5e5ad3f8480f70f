import "client-only";
import { bodyPreview, redactUrl } from "./redact";

/**
 * Spec section 7: every browser fetch is logged with method, URL, status, duration and the
 * first 180 characters of the response body, secrets redacted. Wraps window.fetch once;
 * the body is read from a clone so callers still get an unread Response.
 */
const INSTALLED = Symbol.for("dialflow.fetchLogger");

type Flagged = typeof fetch & { [INSTALLED]?: true };

export function installFetchLogger(): void {
  if (typeof window === "undefined" || (window.fetch as Flagged)[INSTALLED]) return;
  const original = window.fetch.bind(window);

  const logged: Flagged = async (input, init) => {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const url = redactUrl(request ? request.url : String(input));
    const started = performance.now();
    try {
      const response = await original(input, init);
      const ms = Math.round(performance.now() - started);
      void response
        .clone()
        .text()
        .then(
          (text) =>
            console.info(`[fetch] ${method} ${url} ${response.status} ${ms}ms`, bodyPreview(text)),
          () =>
            console.info(
              `[fetch] ${method} ${url} ${response.status} ${ms}ms`,
              "(body unreadable)",
            ),
        );
      return response;
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      // An aborted request is expected (navigation, new search); log it quietly, not as an error.
      const aborted = error instanceof DOMException && error.name === "AbortError";
      console.info(`[fetch] ${method} ${url} ${aborted ? "aborted" : "failed"} ${ms}ms`);
      throw error;
    }
  };
  logged[INSTALLED] = true;
  window.fetch = logged;
}
