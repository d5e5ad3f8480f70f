// Which message namespaces each kind of page hands to the browser (NextIntlClientProvider).
// Only namespaces that client components read belong here: server components translate on
// the server, and Mail (the verification mail) never leaves it. A namespace missing here shows
// up as a MISSING_MESSAGE error in the browser (lib/i18n/errors.ts), and e2e catches it.
type Messages = Record<string, unknown>;

/** Every page: the brand, and the shared UI parts (dialogs, drawers). */
const base = ["Common", "UI"] as const;

export const clientNamespaces = {
  /** /, /login, /register and unknown paths (landing). */
  public: [...base, "Login"],
  /** /verify-email */
  verifyEmail: [...base, "VerifyEmail"],
  /** /adminconsole */
  admin: [...base, "Admin"],
  /** /app/*: the shell and dialer on every page, and each screen's own. */
  app: [
    ...base,
    "Nav",
    "Shell",
    "Dialer",
    "Calls",
    "Targets",
    "Facility",
    "Reports",
    "Profile",
    "Settings",
  ],
} as const satisfies Record<string, readonly string[]>;

export type ClientNamespaces = (typeof clientNamespaces)[keyof typeof clientNamespaces];

export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const out: Messages = {};
  for (const ns of namespaces) if (ns in messages) out[ns] = messages[ns];
  return out;
}
