import type { UseMutationOptions } from "@tanstack/react-query";

/**
 * What a component passes to its feature's mutation hook: what to say or do on success or failure.
 * The hook owns the call itself (modules/<feature>/hooks, client/).
 */
export type MutationCallbacks<Data, Variables> = Pick<
  UseMutationOptions<Data, Error, Variables>,
  "onSuccess" | "onError"
>;
