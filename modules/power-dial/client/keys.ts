// The query keys of parallel dialing's rules (one factory, never literals): the live channel
// marks them stale with every team call, so the rates the dialer and the managers read stay current.
export const dialingRulesKeys = {
  all: ["dialing-rules"] as const,
  rules: () => [...dialingRulesKeys.all, "team"] as const,
  abandonment: () => [...dialingRulesKeys.all, "abandonment"] as const,
};
