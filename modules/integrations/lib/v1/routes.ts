/**
 * Every route of the REST API, in one table: each route file is built from its entry
 * (./with-api-key.ts parses with these very schemas and answers through `response`), and
 * the OpenAPI document is generated from the same entries (./openapi.ts), so the reference
 * cannot drift from what the routes validate. tests/unit/v1-openapi.test.ts checks both ways.
 */
import type { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";
import {
  callListResponseSchema,
  callResponseSchema,
  dispositionBodySchema,
} from "@/modules/calls/lib/schemas";
import {
  dncRemoveResponseSchema,
  dncAddBodySchema,
  dncAddResponseSchema,
  dncListQuerySchema,
  dncListResponseSchema,
  dncNumberParamsSchema,
} from "@/modules/do-not-call/lib/schemas";
import {
  accountPlaceParamsSchema,
  accountPullQuerySchema,
  accountPullResponseSchema,
  accountPushBodySchema,
  accountPushResponseSchema,
} from "@/modules/records/lib/schemas";
import type { ApiKeyScope } from "../api-key-schemas";
import {
  v1CallListQuerySchema,
  v1CallParamsSchema,
  v1RecordListQuerySchema,
  v1RecordListResponseSchema,
} from "./schemas";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type V1Route<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** The OpenAPI path: `{name}` for a dynamic segment (`[name]` in app/api/v1). */
  path: string;
  operationId: string;
  tag: "Calls" | "Do-not-call list" | "Account records";
  summary: string;
  description?: string;
  scope: ApiKeyScope;
  /**
   * What the key's creator must be allowed now (lib/auth/permissions.ts): a key acts with its
   * creator's current role on every request, as their session would.
   */
  permission: Permission;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** The success status (201 for a create). */
  status: number;
  /** Further success statuses the route may answer with the same body. */
  alsoStatus?: number[];
};

const route = <
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
>(
  r: V1Route<P, Q, B, R>,
) => r;

export const v1Routes = {
  listCalls: route({
    method: "GET",
    path: "/api/v1/calls",
    operationId: "listCalls",
    tag: "Calls",
    summary: "List the team's calls, newest first",
    description:
      "Filter by start time (`from` inclusive, `to` exclusive) and outcome; page with `cursor` (the previous page's `nextCursor`).",
    scope: "calls:read",
    permission: "calls.work",
    query: v1CallListQuerySchema,
    response: callListResponseSchema,
    status: 200,
  }),
  getCall: route({
    method: "GET",
    path: "/api/v1/calls/{id}",
    operationId: "getCall",
    tag: "Calls",
    summary: "Get one of the team's calls",
    scope: "calls:read",
    permission: "calls.work",
    params: v1CallParamsSchema,
    response: callResponseSchema,
    status: 200,
  }),
  setCallDisposition: route({
    method: "PUT",
    path: "/api/v1/calls/{id}/disposition",
    operationId: "setCallDisposition",
    tag: "Calls",
    summary: "Set or correct the outcome of one of the team's calls",
    description:
      "As the rep's outcome dialog does: a sale needs `saleAmount`, a callback `callbackAt`; what the outcome does not ask for is cleared. A changed outcome is audited; Do not call adds the dialed number to the list.",
    scope: "calls:write",
    permission: "calls.work",
    params: v1CallParamsSchema,
    body: dispositionBodySchema,
    response: callResponseSchema,
    status: 200,
  }),
  listDoNotCall: route({
    method: "GET",
    path: "/api/v1/do-not-call",
    operationId: "listDoNotCall",
    tag: "Do-not-call list",
    summary: "List the do-not-call numbers, newest first",
    scope: "do_not_call:read",
    permission: "doNotCall.read",
    query: dncListQuerySchema,
    response: dncListResponseSchema,
    status: 200,
  }),
  addDoNotCall: route({
    method: "POST",
    path: "/api/v1/do-not-call",
    operationId: "addDoNotCall",
    tag: "Do-not-call list",
    summary: "Add a number (read in the country of the team's caller ID, stored in E.164)",
    description: "201 when added, 200 when the number was already listed (nothing changes).",
    scope: "do_not_call:write",
    permission: "doNotCall.add",
    body: dncAddBodySchema,
    response: dncAddResponseSchema,
    status: 201,
    alsoStatus: [200],
  }),
  removeDoNotCall: route({
    method: "DELETE",
    path: "/api/v1/do-not-call/{number}",
    operationId: "removeDoNotCall",
    tag: "Do-not-call list",
    summary: "Remove an E.164 number from the list",
    scope: "do_not_call:write",
    permission: "doNotCall.remove",
    params: dncNumberParamsSchema,
    response: dncRemoveResponseSchema,
    status: 200,
  }),
  listRecords: route({
    method: "GET",
    path: "/api/v1/records",
    operationId: "listRecords",
    tag: "Account records",
    summary: "List the team's account records (businesses), most recently changed first",
    scope: "records:read",
    permission: "targets.work",
    query: v1RecordListQuerySchema,
    response: v1RecordListResponseSchema,
    status: 200,
  }),
  pullRecordItems: route({
    method: "GET",
    path: "/api/v1/records/{placeId}/items",
    operationId: "pullRecordItems",
    tag: "Account records",
    summary:
      "A business's notes, contacts, appointments, phones and address changed after a cursor",
    description:
      "Without `since`, every item. Pass the answer's `cursor` as `since` to read only later changes; `more` says another page waits now.",
    scope: "records:read",
    permission: "targets.work",
    params: accountPlaceParamsSchema,
    query: accountPullQuerySchema,
    response: accountPullResponseSchema,
    status: 200,
  }),
  pushRecordItems: route({
    method: "PUT",
    path: "/api/v1/records/{placeId}/items",
    operationId: "pushRecordItems",
    tag: "Account records",
    summary: "Apply a batch of item changes to a business (idempotent by kind and item id)",
    description:
      "Changes are made as the key's creator: notes another member wrote are refused (`not_author`), as in the app.",
    scope: "records:write",
    permission: "targets.work",
    params: accountPlaceParamsSchema,
    body: accountPushBodySchema,
    response: accountPushResponseSchema,
    status: 200,
  }),
} as const;

export type V1RouteName = keyof typeof v1Routes;
