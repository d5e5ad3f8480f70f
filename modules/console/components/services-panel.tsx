"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { Play, RotateCw, Square } from "lucide-react";
import {
  Badge,
  Button,
  Dialog,
  DialogClose,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  type Tone,
} from "@/components/ui";
import {
  serviceActionResponseSchema,
  statusResponseSchema,
  type ServiceAction,
} from "@/modules/console/lib/schemas";
import { Panel, QueryBody, ResultLine } from "./panel";
import { failureText, opsKeys, opsPost, useOpsQuery } from "@/modules/console/hooks/use-ops";

/** Spec section 4: the status is read again 1.2 s after an action. */
export const statusRefreshDelayMs = 1200;

const stateTone = (state: string): Tone =>
  state === "active"
    ? "success"
    : state === "failed"
      ? "danger"
      : state === "activating" || state === "deactivating" || state === "reloading"
        ? "warning"
        : "neutral";

/** A failure reads as a sentence; what systemd said stays available behind a disclosure. */
type Outcome = { ok: boolean; text: string; raw?: string };

export function ServicesPanel() {
  const t = useTranslations("Admin.services");
  const queryClient = useQueryClient();
  const status = useOpsQuery("status", "/api/admin/ops/status", statusResponseSchema);
  const [running, setRunning] = useState<{ action: ServiceAction; service: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Start, Stop and Restart change a running service: each asks first.
  const [confirming, setConfirming] = useState<{ action: ServiceAction; service: string } | null>(
    null,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function act(action: ServiceAction, service: string) {
    setRunning({ action, service });
    setOutcome(null);
    const label = t(action);
    try {
      const res = await opsPost("/api/admin/ops/service-action", serviceActionResponseSchema, {
        action,
        service,
      });
      setOutcome(
        res.ok
          ? { ok: true, text: t("done", { action: label, service }) }
          : {
              ok: false,
              text: t("failedReadable", { action: label, service }),
              raw: res.detail || res.error || undefined,
            },
      );
    } catch (error) {
      setOutcome({
        ok: false,
        text: t("failedReadable", { action: label, service }),
        raw: failureText(error),
      });
    } finally {
      setRunning(null);
      // The action is in the audit trail now.
      void queryClient.invalidateQueries({ queryKey: opsKeys.panel("audit") });
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: opsKeys.panel("status") }),
        statusRefreshDelayMs,
      );
    }
  }

  return (
    <Panel
      id="panel-services"
      title={t("title")}
      onRefresh={() => void status.refetch()}
      refreshing={status.isFetching}
    >
      <p className="mb-3 text-sm text-fg-muted">{t("hint")}</p>
      <QueryBody query={status}>
        {(data) =>
          data.services.length === 0 ? (
            <p className="text-sm text-fg-muted">{t("empty")}</p>
          ) : (
            <>
              {data.systemctl === "unavailable" ? (
                <p className="mb-3 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg">
                  {t("unavailable")}
                </p>
              ) : null}
              <Table caption={t("title")}>
                <TableHead>
                  <TableRow>
                    <TableHeaderCell>{t("service")}</TableHeaderCell>
                    <TableHeaderCell>{t("state")}</TableHeaderCell>
                    <TableHeaderCell className="text-end">{t("actions")}</TableHeaderCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.services.map(({ service, state }) => {
                    const primary: ServiceAction = state === "active" ? "stop" : "start";
                    return (
                      <TableRow key={service} data-testid={`service-row-${service}`}>
                        <TableCell className="font-medium">{service}</TableCell>
                        <TableCell>
                          <Badge tone={stateTone(state)}>
                            <span data-testid="service-state">{state}</span>
                          </Badge>
                        </TableCell>
                        <TableCell>
                          <div className="flex flex-wrap justify-end gap-2">
                            <Button
                              size="sm"
                              variant={primary === "stop" ? "danger" : "secondary"}
                              disabled={running !== null}
                              aria-label={t(primary === "stop" ? "stopService" : "startService", {
                                service,
                              })}
                              onClick={() => setConfirming({ action: primary, service })}
                            >
                              {primary === "stop" ? <Square aria-hidden /> : <Play aria-hidden />}
                              {t(primary)}
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={running !== null}
                              aria-label={t("restartService", { service })}
                              onClick={() => setConfirming({ action: "restart", service })}
                            >
                              <RotateCw aria-hidden /> {t("restart")}
                            </Button>
                          </div>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </>
          )
        }
      </QueryBody>
      {running ? (
        <p role="status" className="mt-3 text-sm text-fg-muted">
          {t("running", { action: t(running.action), service: running.service })}
        </p>
      ) : null}
      {outcome ? (
        <ResultLine tone={outcome.ok ? "success" : "danger"}>{outcome.text}</ResultLine>
      ) : null}
      {outcome?.raw ? (
        <details className="mt-2 text-sm" data-testid="service-failure-details">
          <summary className="cursor-pointer text-fg-muted">{t("details")}</summary>
          <pre
            dir="ltr"
            className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-surface-muted p-3 font-mono text-xs text-fg"
          >
            {outcome.raw}
          </pre>
        </details>
      ) : null}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={
          confirming
            ? t("confirmTitle", { action: t(confirming.action), service: confirming.service })
            : ""
        }
        description={
          confirming ? t(`confirm_${confirming.action}`, { service: confirming.service }) : ""
        }
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t("cancel")}</Button>
            </DialogClose>
            <Button
              variant={confirming?.action === "stop" ? "danger" : "primary"}
              data-testid="service-confirm"
              onClick={() => {
                const next = confirming;
                setConfirming(null);
                if (next) void act(next.action, next.service);
              }}
            >
              {confirming ? t(confirming.action) : null}
            </Button>
          </>
        }
      />
    </Panel>
  );
}
