import "server-only";
import type { OperatorSession, UserSession } from "@/lib/auth/sessions";
import type { TwoFactorOwner } from "./accounts";

/** The account a signed-in session's second factor belongs to. */
export const ownerOf = (session: UserSession | OperatorSession): TwoFactorOwner =>
  session.kind === "user"
    ? { kind: "user", id: session.userId, username: session.username, sid: session.sid }
    : { kind: "operator", id: session.operatorId, username: session.username, sid: session.sid };
