"use client";

import dynamic from "next/dynamic";
import { DashboardLoading } from "./dashboard-loading";

// The live part (its query, cards, KPIs and events) is not in /app's first load: the page shows
// the loading line at once and the code arrives with the figures' request (the first-load budget).
export const DashboardLiveLazy = dynamic(
  () => import("./dashboard-live").then((m) => m.DashboardLive),
  { ssr: false, loading: () => <DashboardLoading /> },
);
