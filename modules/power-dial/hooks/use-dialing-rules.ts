"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dialingRulesKeys } from "@/modules/power-dial/client/keys";
import {
  deleteAbandonmentMessage,
  fetchDialingRules,
  saveDialingRules,
  uploadAbandonmentMessage,
} from "@/modules/power-dial/client/dialing-rules";
import type { DialingRulesBody, DialingRulesResponse } from "@/modules/power-dial/lib/schemas";

/** The team's parallel dialing rules, rates and message, for the managers' screen. */
export function useDialingRules() {
  return useQuery({
    queryKey: dialingRulesKeys.rules(),
    queryFn: ({ signal }) => fetchDialingRules(signal),
    staleTime: 30_000,
  });
}

/** Saving the rules, uploading and deleting the message; each updates the screen's answer. */
export function useDialingRulesChanges() {
  const queryClient = useQueryClient();
  const key = dialingRulesKeys.rules();
  const patch = (change: Partial<DialingRulesResponse>) =>
    queryClient.setQueryData<DialingRulesResponse>(key, (old) =>
      old ? { ...old, ...change } : old,
    );
  const save = useMutation({
    mutationFn: (body: DialingRulesBody) => saveDialingRules(body),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void queryClient.invalidateQueries({ queryKey: dialingRulesKeys.abandonment() });
    },
  });
  const upload = useMutation({
    mutationFn: ({ file, mime }: { file: Blob; mime: string }) =>
      uploadAbandonmentMessage(file, mime),
    onSuccess: (message) => patch({ message }),
  });
  const remove = useMutation({
    mutationFn: deleteAbandonmentMessage,
    onSuccess: () => patch({ message: null }),
  });
  return { save, upload, remove };
}
