/**
 * The spec's sample agents. The dashboard reads the team's records; these names
 * remain only as the demo organization's seed (modules/calls/lib/demo.ts makes them the reps of the
 * sample calls).
 */

export type AgentStatus = "Active" | "Free";
export type AgentCard = {
  id: string;
  name: string;
  status: AgentStatus;
  dials: number;
  talkTimeSeconds: number;
};

export const sampleAgents: readonly AgentCard[] = [
  { id: "a1", name: "Olivia Bennett", status: "Active", dials: 128, talkTimeSeconds: 7420 },
  { id: "a2", name: "Marcus Reed", status: "Free", dials: 96, talkTimeSeconds: 5130 },
  { id: "a3", name: "Sofia Alvarez", status: "Active", dials: 142, talkTimeSeconds: 8015 },
  { id: "a4", name: "Liam Chen", status: "Active", dials: 87, talkTimeSeconds: 4390 },
  { id: "a5", name: "Amira Haddad", status: "Free", dials: 110, talkTimeSeconds: 6275 },
  { id: "a6", name: "Noah Fischer", status: "Active", dials: 73, talkTimeSeconds: 3660 },
  { id: "a7", name: "Emma Walsh", status: "Free", dials: 119, talkTimeSeconds: 6940 },
  { id: "a8", name: "Yusuf Kaya", status: "Active", dials: 101, talkTimeSeconds: 5585 },
];
