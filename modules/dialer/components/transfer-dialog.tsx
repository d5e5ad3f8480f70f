"use client";

import { useState } from "react";
import { PhoneForwarded } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, Dialog, Field, Input, NativeSelect } from "@/components/ui";
import { useDialerCommands } from "@/modules/dialer/components/dialer-provider";
import { useTeam } from "@/modules/team/hooks/use-team";
import { callButtonClass, phoneHidden } from "./call-control-style";

const buttonClass = callButtonClass;

/**
 * Transfer in the in-call controls: pick a teammate (their browser rings with the business's
 * name) or type a number, then Transfer now (blind) or Talk first (warm: the business is held
 * while the rep calls the target, then Join or Go back in the dialer). A native select and
 * input, so the dialog works from the keyboard as any form does; Enter submits Transfer now.
 */
export function TransferDialog({ disabled }: { disabled: boolean }) {
  const t = useTranslations("Dialer.transfer");
  const { transfer, startConsultation } = useDialerCommands();
  const [open, setOpen] = useState(false);
  const [teammate, setTeammate] = useState("");
  const [number, setNumber] = useState("");
  const team = useTeam({ enabled: open });
  const teammates =
    team.data?.members.filter((m) => m.status === "active" && m.id !== team.data.viewer.userId) ??
    [];
  const typed = number.replace(/[^\d+]/g, "");
  const ready = teammate !== "" || typed.length >= 3;

  const target = () =>
    teammate
      ? ({ kind: "teammate", userId: teammate } as const)
      : ({ kind: "number", number: typed } as const);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    transfer(target());
    setOpen(false);
  };
  const talkFirst = () => {
    if (!ready) return;
    startConsultation(target());
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setTeammate("");
          setNumber("");
        }
      }}
      title={t("title")}
      description={t("description")}
      trigger={
        <Button variant="secondary" size="sm" className={buttonClass} disabled={disabled}>
          <PhoneForwarded aria-hidden />
          <span className={phoneHidden}>{t("open")}</span>
        </Button>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="transfer-form">
        <Field label={t("teammate")}>
          <NativeSelect
            value={teammate}
            onChange={(event) => {
              setTeammate(event.target.value);
              if (event.target.value) setNumber("");
            }}
          >
            <option value="">
              {team.isPending ? t("loading") : teammates.length ? t("chooseTeammate") : t("none")}
            </option>
            {teammates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.username}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t("number")}>
          <Input
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="off"
            placeholder={t("numberPlaceholder")}
            value={number}
            onChange={(event) => {
              setNumber(event.target.value);
              if (event.target.value) setTeammate("");
            }}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button type="button" variant="secondary" disabled={!ready} onClick={talkFirst}>
            {t("talkFirst")}
          </Button>
          <Button type="submit" disabled={!ready}>
            {t("now")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
