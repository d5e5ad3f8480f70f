import "client-only";
import { readStored, removeStored, writeStored } from "@/lib/client/storage/core";
import { operatorTokenKey } from "@/lib/client/storage/session-keys";

// The admin console's token (spec 7: kept in session storage, so it ends with the tab and is
// never shared with the rep's session in local storage).

export function getOperatorToken(): string | null {
  return readStored(operatorTokenKey);
}

export function setOperatorToken(token: string) {
  return writeStored(operatorTokenKey, token);
}

export function clearOperatorToken(): void {
  removeStored(operatorTokenKey);
}
