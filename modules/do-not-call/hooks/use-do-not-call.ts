"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient, type Downloaded } from "@/lib/client/api-client";
import { doNotCallKeys } from "@/modules/do-not-call/client/keys";
import {
  dncAddResponseSchema,
  dncImportResponseSchema,
  dncListResponseSchema,
  dncRemoveResponseSchema,
} from "@/modules/do-not-call/lib/schemas";
import type { MutationCallbacks } from "@/lib/client/mutation-callbacks";

// The do-not-call section's calls to the server, as TanStack Query hooks: the component holds
// only what it shows and what it says on success or failure.

/** The team's list, newest first, a page at a time (a list can hold many thousands). */
export function useDoNotCallList() {
  return useInfiniteQuery({
    queryKey: doNotCallKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get("/api/do-not-call", {
        query: { cursor: pageParam },
        schema: dncListResponseSchema,
        credential: "rep",
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Asks for the list again (after a number was added, removed or imported). */
export function useRefreshDoNotCall() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: doNotCallKeys.all });
}

/** A number for the list, with an optional note. */
export type NewDoNotCall = { number: string; note: string | undefined };

export function useAddDoNotCall(
  callbacks: MutationCallbacks<z.infer<typeof dncAddResponseSchema>, NewDoNotCall>,
) {
  return useMutation({
    mutationFn: (entry: NewDoNotCall) =>
      apiClient.post("/api/do-not-call", entry, {
        schema: dncAddResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

export function useRemoveDoNotCall(
  callbacks: MutationCallbacks<z.infer<typeof dncRemoveResponseSchema>, string>,
) {
  return useMutation({
    mutationFn: (n: string) =>
      apiClient.delete(`/api/do-not-call/${encodeURIComponent(n)}`, {
        schema: dncRemoveResponseSchema,
        credential: "rep",
      }),
    ...callbacks,
  });
}

/** A CSV of numbers added to the list (the server reports the lines it could not read). */
export function useImportDoNotCall(
  callbacks: MutationCallbacks<z.infer<typeof dncImportResponseSchema>, File>,
) {
  return useMutation({
    mutationFn: async (file: File) =>
      apiClient.post(
        "/api/do-not-call/import",
        { csv: await file.text() },
        {
          schema: dncImportResponseSchema,
          credential: "rep",
        },
      ),
    ...callbacks,
  });
}

/** The whole list as CSV, not the pages loaded: the server writes it. */
export function useExportDoNotCall(callbacks: MutationCallbacks<Downloaded, void>) {
  return useMutation({
    mutationFn: () => apiClient.download("/api/do-not-call/export.csv", { credential: "rep" }),
    ...callbacks,
  });
}
