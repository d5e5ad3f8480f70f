// Spec 1/2: the Targets stats bar shows fixed placeholder numbers.
export const targetsStats = {
  dials: 128,
  talkTimeSeconds: 4 * 3600 + 12 * 60,
  conversations: 37,
  archived: 12,
  notes: 24,
  viewed: 86,
} as const;
