// Which message namespaces each kind of page hands to the browser (NextIntlClientProvider).
// Only namespaces that client components read need to go: server components translate on the
// server, and Mail (the verification mail) never leaves it. The prerendered public pages list
// exactly what they use; the signed-in areas send everything but what is certainly not theirs,
// so a new namespace works there without an edit here. A namespace a client component reads but
// the page did not send shows up as a MISSING_MESSAGE error (lib/i18n/errors.ts) in e2e.
type Messages = Record<string, unknown>;

export type ClientNamespaces = { only: readonly string[] } | { except: readonly string[] };

/** Never in a browser, or only on the public pages. */
const serverOnly = ["Mail"] as const;
// (Login stays everywhere: the password field with its Show/Hide texts is shared.)
const publicOnly = ["Landing", "VerifyEmail", "Invite"] as const;
/**
 * Sent only with their own /app screen (components/screen-messages.tsx), not with every /app
 * page: large namespaces that nothing else reads.
 */
const screenOnly = ["Analytics"] as const;

export const clientNamespaces = {
  /** /, /login, /register and unknown paths (landing). */
  public: { only: ["Common", "UI", "Login"] },
  /** /verify-email and /invite (the dynamic public pages: app/(public)) */
  verifyEmail: { only: ["Common", "UI", "VerifyEmail", "Invite"] },
  /** /adminconsole */
  admin: {
    except: [
      ...serverOnly,
      ...publicOnly,
      "Dialer",
      "Calls",
      "DoNotCall",
      "Targets",
      "Facility",
      "Reports",
      "Profile",
      "Analytics",
      "Team",
      "Integrations",
      "Voicemail",
      "Floor",
    ],
  },
  /** /app/*: the shell and dialer on every page, and each screen's own but the screenOnly ones. */
  app: { except: [...serverOnly, ...publicOnly, ...screenOnly, "Admin"] },
} as const satisfies Record<string, ClientNamespaces>;

/** What one /app screen adds to the layout's messages (components/screen-messages.tsx). */
export const screenNamespaces = {
  /** /app/analytics */
  analytics: { only: ["Analytics"] },
} as const satisfies Record<string, { only: readonly (typeof screenOnly)[number][] }>;

export function pickMessages(messages: Messages, namespaces: ClientNamespaces): Messages {
  if ("only" in namespaces) {
    const out: Messages = {};
    for (const ns of namespaces.only) if (ns in messages) out[ns] = messages[ns];
    return out;
  }
  const out: Messages = { ...messages };
  for (const ns of namespaces.except) delete out[ns];
  return out;
}
