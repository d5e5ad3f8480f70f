/**
 * Call History sample data (spec: "Call History data is a sample list"), beside the dashboard's
 * sample module and using its agents. Like the dashboard, timestamps are offsets from `now`,
 * so the audit list never looks stale.
 */
import { sampleAgents } from "@/lib/sample/dashboard";

export type SampleCall = {
  id: string;
  dialedNumber: string;
  originatingNumber: string;
  agent: string;
  durationSeconds: number;
  /** Epoch milliseconds. */
  timestamp: number;
};

const MIN = 60_000;
const agent = (i: number) => sampleAgents[i % sampleAgents.length].name;

const CALLS: readonly (Omit<SampleCall, "timestamp"> & { minutesAgo: number })[] = [
  {
    id: "CALL-1001",
    dialedNumber: "4155550132",
    originatingNumber: "6285550100",
    agent: agent(0),
    durationSeconds: 312,
    minutesAgo: 4,
  },
  {
    id: "CALL-1002",
    dialedNumber: "2125550187",
    originatingNumber: "6285550101",
    agent: agent(1),
    durationSeconds: 95,
    minutesAgo: 18,
  },
  {
    id: "CALL-1003",
    dialedNumber: "3125550144",
    originatingNumber: "6285550102",
    agent: agent(2),
    durationSeconds: 1287,
    minutesAgo: 41,
  },
  {
    id: "CALL-1004",
    dialedNumber: "6175550119",
    originatingNumber: "6285550103",
    agent: agent(3),
    durationSeconds: 48,
    minutesAgo: 77,
  },
  {
    id: "CALL-1005",
    dialedNumber: "3055550163",
    originatingNumber: "6285550104",
    agent: agent(4),
    durationSeconds: 3725,
    minutesAgo: 130,
  },
  {
    id: "CALL-1006",
    dialedNumber: "2065550171",
    originatingNumber: "6285550105",
    agent: agent(5),
    durationSeconds: 0,
    minutesAgo: 205,
  },
  {
    id: "CALL-1007",
    dialedNumber: "7205550128",
    originatingNumber: "6285550106",
    agent: agent(6),
    durationSeconds: 640,
    minutesAgo: 390,
  },
  {
    id: "CALL-1008",
    dialedNumber: "5125550192",
    originatingNumber: "6285550107",
    agent: agent(7),
    durationSeconds: 221,
    minutesAgo: 60 * 9,
  },
  {
    id: "CALL-1009",
    dialedNumber: "4045550136",
    originatingNumber: "6285550100",
    agent: agent(0),
    durationSeconds: 540,
    minutesAgo: 60 * 27,
  },
  {
    id: "CALL-1010",
    dialedNumber: "6025550158",
    originatingNumber: "6285550102",
    agent: agent(2),
    durationSeconds: 75,
    minutesAgo: 60 * 50,
  },
  {
    id: "CALL-1011",
    dialedNumber: "+442071838750",
    originatingNumber: "6285550105",
    agent: agent(5),
    durationSeconds: 903,
    minutesAgo: 60 * 24 * 4,
  },
  {
    id: "CALL-1012",
    dialedNumber: "8015550124",
    originatingNumber: "6285550107",
    agent: agent(7),
    durationSeconds: 1830,
    minutesAgo: 60 * 24 * 6,
  },
];

/** Sample calls newest first, timed relative to `now` (epoch ms). */
export function sampleCalls(now: number): SampleCall[] {
  return CALLS.map(({ minutesAgo, ...call }) => ({ ...call, timestamp: now - minutesAgo * MIN }));
}
