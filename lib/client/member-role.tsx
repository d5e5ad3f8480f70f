"use client";

import { createContext, useContext } from "react";
import type { MemberRole } from "@/lib/auth/permissions";

// The signed-in member's role, as the /app layout verified it, for screens that show or hide a
// control by the role table (`can`). The server checks every request again; this only spares a
// rep a button that would be refused.

const MemberRoleContext = createContext<MemberRole>("rep");

export const MemberRoleProvider = MemberRoleContext.Provider;

export function useMemberRole(): MemberRole {
  return useContext(MemberRoleContext);
}
