"use client";

import { useTranslations } from "next-intl";
import { Button, Dialog } from "@/components/ui";

/**
 * Stop asks before it ends a session (without the question, Escape ended it at once, and Stop during a
 * live call left the call running and counted no dial). During a call the rep chooses: end the
 * call now, or let it finish; either way its outcome prompt follows and the call counts.
 */
export function PowerDialStop({
  open,
  inCall,
  onCancel,
  onStop,
}: {
  open: boolean;
  inCall: boolean;
  onCancel: () => void;
  onStop: (mode: "now" | "afterCall") => void;
}) {
  const t = useTranslations("PowerDial.stopAsk");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={t("title")}
      description={t(inCall ? "inCall" : "betweenCalls")}
      initialFocus={["[data-keep]"]}
      footer={
        <>
          <Button variant="secondary" data-keep="" onClick={onCancel}>
            {t("keep")}
          </Button>
          {inCall ? (
            <Button
              variant="secondary"
              data-testid="power-dial-stop-after"
              onClick={() => onStop("afterCall")}
            >
              {t("afterCall")}
            </Button>
          ) : null}
          <Button variant="danger" data-testid="power-dial-stop-now" onClick={() => onStop("now")}>
            {t(inCall ? "endCallNow" : "end")}
          </Button>
        </>
      }
    />
  );
}
