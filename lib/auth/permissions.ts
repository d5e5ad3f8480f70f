// What each role may do inside its organization: the one table. The server enforces it
// in the route wrapper (`withUser({ permission })`, every route names one) and in the few rules
// that depend on the target (`can`); screens read the same table only to hide controls.
// Operators are not members of any organization: their console has its own wrapper.

export const memberRoles = ["rep", "manager"] as const;
export type MemberRole = (typeof memberRoles)[number];

const everyone = memberRoles;
const managers = ["manager"] as const;

export const permissions = {
  /** The member's own account: profile, password, second factor, own data export, sign-out. */
  "account.own": everyone,
  /** Searching businesses, their team records (notes, contacts, appointments) and callbacks. */
  "targets.work": everyone,
  /** Dialing: settings, previews, reservations, the phone line, call authorisation. */
  "dialing.use": everyone,
  /** Recording one's calls and outcomes; reading the team's Call Log, reports and dashboard. */
  "calls.work": everyone,
  /** Reading the do-not-call list and checking a number before a call. */
  "doNotCall.read": everyone,
  /** A prospect asks on the phone: any member adds the number. */
  "doNotCall.add": everyone,
  /**
   * The notes on its entries (who asked, what was said): a rep needs to know a number is
   * listed, not why.
   */
  "doNotCall.notes": managers,
  "doNotCall.import": managers,
  "doNotCall.export": managers,
  "doNotCall.remove": managers,
  /** The team's figures and leaderboard, and one's own detail. */
  "analytics.read": everyone,
  /** Another rep's detail. */
  "analytics.anyRep": managers,
  /** Who is on the team, with roles and status. */
  "team.read": everyone,
  /** The live floor: what each member is doing now and today's figures (GET /api/floor). */
  "team.floor": managers,
  /** Listen to, whisper to, join or take over a teammate's live call (POST /api/floor/monitor). */
  "team.monitor": managers,
  /** Change a member's role, deactivate or reactivate a member. */
  "team.manage": managers,
  /** Correct or delete a teammate's note in a business's record (the change names who made it). */
  "notes.moderate": managers,
  /** The organization's REST API keys and webhook endpoints: the integrations. */
  "integrations.manage": managers,
  /**
   * The organization's settings that exist today: its caller-ID pool. Operators set
   * them for any organization in the console. (Recording mode and consent notice join
   * here when the organization can set them.)
   */
  "organization.callerIds": managers,
  /** Whether every member must sign in with a second factor. */
  "organization.security": managers,
  /** Recording one's own calls and playing one's own recordings. */
  "recordings.own": everyone,
  /** One's own voicemail messages and dropping them on a call. */
  "voicemail.own": everyone,
  /** Playing and downloading any recording of the team's calls. */
  "recordings.team": managers,
  /**
   * A call's line figures (SIP status, setup time, MOS, jitter, loss): managers diagnose lines;
   * a rep reads the quality in plain words ("Call quality: good").
   */
  "calls.lineDetails": managers,
  /** The organization's recording mode (off, on request, every call) and consent notice. */
  "organization.recording": managers,
  /** Parallel dialing's rules (country, abandonment cap, no-redial and ring times) and message. */
  "organization.dialing": managers,
} as const satisfies Record<string, readonly MemberRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: MemberRole, permission: Permission): boolean {
  return (permissions[permission] as readonly MemberRole[]).includes(role);
}

/** Every permission a role holds: sent to the browser so screens hide what the server refuses. */
export function permissionsOf(role: MemberRole): Permission[] {
  return (Object.keys(permissions) as Permission[]).filter((p) => can(role, p));
}
