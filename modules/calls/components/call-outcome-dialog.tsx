"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toaster";
import { Dialog } from "@/components/ui";
import type { CallDto } from "@/modules/calls/lib/schemas";
import { ApiClientError } from "@/lib/client/api-error";
import { addCallbackAppointment } from "@/modules/calls/client/callback-appointment";
import { useRefreshCalls, useSaveCallOutcome } from "@/modules/calls/client/call-outcome";
import { formatPhone } from "@/lib/format/phone";
import { DispositionForm } from "./disposition-form";

const outcomeFocus = [
  '[data-testid="disposition-form"] [data-disposition][aria-pressed="true"]',
  '[data-testid="disposition-form"] [data-disposition]',
];

/** Gives an undisposed call its outcome later (Call Log), straight through the API. */
export function CallOutcomeDialog({
  call,
  onClose,
}: {
  call: CallDto | null;
  onClose: () => void;
}) {
  const t = useTranslations("Calls");
  const refreshCalls = useRefreshCalls();
  const save = useSaveCallOutcome({
    onSuccess: (_data, { answer }) => {
      if (call?.placeId)
        addCallbackAppointment(
          { placeId: call.placeId, placeName: call.businessName, phone: call.dialedDigits },
          answer,
        );
      toast.success(t("prompt.saved", { outcome: t(`dispositions.${answer.disposition}`) }));
      void refreshCalls();
      onClose();
    },
  });
  const error = save.error;
  const serverError = !error
    ? null
    : error instanceof ApiClientError && error.status > 0
      ? t("log.saveError", { status: error.status })
      : t("log.saveNetwork");
  return (
    <Dialog
      open={call !== null}
      onOpenChange={(open) => {
        if (!open) {
          save.reset();
          onClose();
        }
      }}
      title={
        call
          ? t("log.outcomeTitle", {
              number: [call.businessName, formatPhone(call.dialedDigits)]
                .filter(Boolean)
                .join(" · "),
            })
          : ""
      }
      // Focus starts on the outcomes (the chosen one when correcting), where the 1-9 keys the
      // form announces work, not on Close.
      initialFocus={outcomeFocus}
    >
      {call ? (
        <DispositionForm
          key={call.id}
          // Correcting: the saved outcome and note start selected and filled in.
          suggested={call.disposition}
          initialNote={call.note ?? ""}
          busy={save.isPending}
          serverError={serverError}
          onSkip={() => {
            save.reset();
            onClose();
          }}
          onSave={(answer) => save.mutate({ id: call.id, answer })}
        />
      ) : null}
    </Dialog>
  );
}
