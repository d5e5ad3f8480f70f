"use client";

import {
  useDialingRules,
  useDialingRulesChanges,
} from "@/modules/power-dial/hooks/use-dialing-rules";

/**
 * The team's monitoring policy (whether a rep is told that a manager is listening): it travels
 * with the team's dialing rules (GET/PUT /api/team/dialing-rules), which every member reads and
 * managers save whole, so a change of the switch sends the rules as the server last answered them.
 */
export function useMonitoringPolicy() {
  const rules = useDialingRules();
  const { save } = useDialingRulesChanges();
  const setAnnounce = (announceMonitoring: boolean) => {
    const r = rules.data;
    if (!r) return;
    save.mutate({
      country: r.country,
      capPercent: r.capPercent,
      noRedialHours: r.noRedialHours,
      minRingSeconds: r.minRingSeconds,
      announceMonitoring,
    });
  };
  return { query: rules, setAnnounce, saving: save.isPending, saveError: save.isError };
}
