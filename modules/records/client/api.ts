import "client-only";
import { apiClient } from "@/lib/client/api-client";
import { readStored } from "@/lib/client/storage";
import {
  accountPullResponseSchema,
  accountPushResponseSchema,
} from "@/modules/records/lib/schemas";
import type { RecordsApi } from "./engine";
import { recordsAccountFamily } from "./sync-keys";

// The records API as the engine sees it, checked with the route's own zod schemas: this module
// (and zod with it) is loaded only when a facility drawer opens (./browser.ts, dynamic import).

const itemsUrl = (placeId: string) => `/api/records/${encodeURIComponent(placeId)}/items`;

export const browserRecordsApi: RecordsApi = {
  push: (placeId, changes) => {
    // With the business as the rep saw it, kept as the team's account record.
    const account = readStored(recordsAccountFamily.key(placeId));
    return apiClient.put(
      itemsUrl(placeId),
      account?.name.trim() ? { changes, account } : { changes },
      { schema: accountPushResponseSchema, credential: "rep" },
    );
  },
  pull: (placeId, since) =>
    apiClient.get(itemsUrl(placeId), {
      schema: accountPullResponseSchema,
      credential: "rep",
      query: { since },
    }),
};
