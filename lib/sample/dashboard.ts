/**
 * The dashboard's hard-coded sample data (spec: "All sample data"). Timestamps are offsets
 * from `now`, so the page never looks stale whenever it is opened.
 */
import { deriveKpis, salesOfLastDay, type Kpis } from "@/lib/dashboard/kpis";

export type AgentStatus = "Active" | "Free";
export type AgentCard = {
  id: string;
  name: string;
  status: AgentStatus;
  dials: number;
  talkTimeSeconds: number;
};
export type SaleEvent = { id: string; ts: number; rep: string; amount: number; company: string };

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

const MIN = 60_000;
const SALES: readonly (Omit<SaleEvent, "ts"> & { minutesAgo: number })[] = [
  { id: "s1", minutesAgo: 0, rep: "Sofia Alvarez", amount: 2400, company: "Harbor Dental Group" },
  {
    id: "s2",
    minutesAgo: 7,
    rep: "Olivia Bennett",
    amount: 1850,
    company: "Pinecrest Auto Repair",
  },
  { id: "s3", minutesAgo: 26, rep: "Yusuf Kaya", amount: 3200, company: "Summit Physical Therapy" },
  { id: "s4", minutesAgo: 95, rep: "Liam Chen", amount: 990, company: "Bluebird Bakery" },
  {
    id: "s5",
    minutesAgo: 240,
    rep: "Amira Haddad",
    amount: 4100,
    company: "Lakeside Veterinary Clinic",
  },
  { id: "s6", minutesAgo: 610, rep: "Noah Fischer", amount: 1275, company: "Redwood Plumbing Co." },
  { id: "s7", minutesAgo: 60 * 26, rep: "Emma Walsh", amount: 2650, company: "Cedar Family Law" },
  {
    id: "s8",
    minutesAgo: 60 * 24 * 3,
    rep: "Marcus Reed",
    amount: 1540,
    company: "Northside Fitness",
  },
];

/** Sale events newest first, timed relative to `now`. */
export function sampleSales(now: number): SaleEvent[] {
  return SALES.map(({ minutesAgo, ...sale }) => ({ ...sale, ts: now - minutesAgo * MIN }));
}

/** KPIs over the last 24 hours of sample sales ("today" without depending on a time zone). */
export function sampleKpis(now: number): Kpis {
  return deriveKpis(salesOfLastDay(sampleSales(now), now).map((s) => s.amount));
}
