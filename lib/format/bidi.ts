/**
 * A value set into a sentence as its own direction run (Unicode FSI … PDI): a Latin name or a
 * number inside Arabic text, or Arabic inside English, keeps its place and the punctuation around
 * it (`{agent} · {time}`) stays where the sentence put it. For plain strings (a toast, an email,
 * a message's placeholder); in markup, `<bdi>` does the same.
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;
