// Text from outside (a username typed at sign-in, a header, a line of a web server's log) reaches
// log lines and the operator console's audit view. Characters that a terminal, a log viewer or
// a browser acts on instead of showing would let that text forge or disguise lines: a line break
// starts a fake event, ESC and the C1 controls (CSI is U+009B) drive a terminal, U+2028/U+2029
// break lines in browsers and many viewers, and the bidi overrides and isolates reorder what
// follows them on screen ("Trojan Source"). They are shown as escapes instead, in JSON's
// notation (`\n`, `\u001b`), so that applied to a JSON text the result is still the same JSON.
// Backslashes are left alone for that reason: the escapes make lines safe to read, not
// reversible.

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Record<string, string> = {
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

/** `text` with control, line-separator and bidi characters shown as `\n`, `\u202e`-style escapes. */
export function escapeForLog(text: string): string {
  return text.replace(
    UNSAFE,
    (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
