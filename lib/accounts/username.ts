// What makes two usernames the same person's: the same letters whatever their case or Unicode
// form ("Manager", "manager" and the full-width "ｍａｎａｇｅｒ" are one name). Stored as
// User.usernameKey, unique, so the database refuses the second even when two are made at once.
// Browser-safe: the invitation form's schema uses `normalizeUsername` too.

/** The username as it is kept: NFKC-normalised (compatibility forms folded), case kept. */
export const normalizeUsername = (username: string) => username.normalize("NFKC");

/** The key two usernames share exactly when they are the same name. */
export const usernameKey = (username: string) => normalizeUsername(username).toLowerCase();
