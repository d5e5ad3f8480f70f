"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { CalendarClock, Check, Map as MapIcon, Phone } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button, CollapsibleSection, Drawer, cn } from "@/components/ui";
import { PlaceCallList } from "@/modules/calls/components/place-call-list";
import { useCallStats } from "@/modules/calls/client/queries";
import { useStoredValue } from "@/lib/client/storage";
import { formatPhone } from "@/lib/format/phone";
import { readableCategory } from "@/modules/targets/lib/format";
import { drawerMapKey, useFacility } from "@/modules/facility/lib/store";
import type { FacilityPlace } from "@/modules/facility/lib/types";
import { FacilityAddress } from "./facility-address";
import { APPOINTMENT_DATE_ID, FacilityAppointments } from "./facility-appointments";
import { FacilityContactInfo } from "./facility-contact-info";
import { FacilityNotes } from "./facility-notes";
import { MapPopup } from "./map-popup";
import { DrawerCallState } from "./drawer-call-state";
import {
  isCallActive,
  useDialerValue,
  useLastBusiness,
} from "@/modules/dialer/components/dialer-provider";
import { SyncStatusLine } from "./record-meta";
import { useRecordsSync } from "./use-records-sync";

/** Spec 4 / 9: the drawer animates out in about 220 ms (open -> closing -> closed). */
export const DRAWER_CLOSE_MS = 220;
export type DrawerPhase = "open" | "closing" | "closed";

/**
 * The facility drawer (spec 2 "Targets", 4 "Drawer"): a business's details, a Call button,
 * the Open Map toggle and popup, and the rep's own notes, appointments, contacts, extra phones
 * and corrected address, kept in this browser per place.
 */
export function FacilityDrawer({
  place,
  open,
  onOpenChange,
  onCall,
  driven = false,
}: {
  place: FacilityPlace | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * A power-dial session moves it from business to business: it takes no focus and opens no map
   * popup. Opened by the rep, focus moves in. Either way it is a panel beside the work
   * (ui/drawer.tsx, non-modal), so the rep can use the dialer and the page with it open.
   */
  driven?: boolean;
  /**
   * Puts the number into the dialer and dials, naming this business as the call's place (the
   * call record then counts toward its Dial Count and lists under Call Logs).
   */
  onCall: (phone: string) => void;
}) {
  const t = useTranslations("Facility");
  // The place stays on screen while the drawer animates out, even if the caller clears it.
  const [shown, setShown] = useState(place);
  if (place && place !== shown) setShown(place);
  const current = place ?? shown;

  const [phase, setPhase] = useState<DrawerPhase>(open ? "open" : "closed");
  const [mapEnabled, setMapEnabled] = useStoredValue(drawerMapKey);
  const [popupFor, setPopupFor] = useState<string | null>(null);
  const mapToggleRef = useRef<HTMLButtonElement>(null);
  const openId = open && current ? current.place_id : null;
  const [lastOpenId, setLastOpenId] = useState<string | null>(null);
  if (openId !== lastOpenId) {
    setLastOpenId(openId);
    if (openId) {
      setPhase("open");
      // Spec: opening a name while the map toggle is on shows the map popup. A session moving the
      // drawer on to its next business closes it instead: the popup would cover the
      // drawer the rep prepares the call in.
      setPopupFor(mapEnabled && !driven ? openId : null);
    } else if (phase === "open") {
      setPhase("closing");
    }
  }
  useEffect(() => {
    if (phase !== "closing") return;
    const id = setTimeout(() => setPhase("closed"), DRAWER_CLOSE_MS);
    return () => clearTimeout(id);
  }, [phase]);

  const facility = useFacility(current?.place_id);
  const records = useRecordsSync(current?.place_id ?? null, open, current);
  const placeIds = useMemo(() => (current ? [current.place_id] : []), [current]);
  const stats = useCallStats(placeIds, Boolean(current) && open);
  const dialCount = current ? stats.data?.places[current.place_id]?.dialCount : undefined;
  const name = current?.name.trim() || t("unnamed");
  const call = (phone: string) => onCall(phone);
  // A call to this business shows its state and End here instead of Call.
  const isActive = useDialerValue(isCallActive);
  const business = useLastBusiness();
  const onThisCall = isActive && current !== null && business?.placeId === current.place_id;
  const toggleMap = () => {
    const next = !mapEnabled;
    setMapEnabled(next);
    setPopupFor(next && current ? current.place_id : null);
  };

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={name}
      modal={false}
      takeFocus={!driven}
      // One Escape closes the map popup only (it sits over the drawer); the next, the drawer.
      onEscapeKeyDown={(event) => {
        if (popupFor === null) return;
        event.preventDefault();
        setPopupFor(null);
        mapToggleRef.current?.focus();
      }}
      // Beside the work: below a phone's or small tablet's power-dial bar (its height, 0 without
      // a session), and clear of the docked dialer's column.
      className="[animation-duration:220ms]! max-md:pt-(--power-dial-bar-h) min-[1360px]:[inset-inline-end:var(--dialer-dock-w,0px)]"
      headerActions={
        <span
          role="status"
          className={cn(
            "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold transition-opacity",
            facility.saved ? "bg-success-soft text-success-soft-fg opacity-100" : "opacity-0",
          )}
        >
          {facility.saved ? (
            <>
              <Check aria-hidden className="size-3.5" />
              {t("saved")}
            </>
          ) : null}
        </span>
      }
    >
      {current ? (
        <div
          data-testid="facility-drawer"
          data-drawer-phase={phase}
          // On a phone the call's bar sits along the bottom, or between calls the minimised
          // dialer's pill in the bottom corner: the last section scrolls above either, so no
          // contact's buttons stay under it (the pill's corner is where they are in Arabic).
          className={cn("grid gap-3", isActive ? "max-sm:pb-44" : "max-sm:pb-20")}
        >
          <StorageAlerts writeError={facility.writeError} setAside={facility.setAside} />
          <div className="flex flex-wrap items-start gap-2">
            {onThisCall ? (
              <DrawerCallState />
            ) : (
              <Button
                disabled={!current.phone}
                onClick={() => current.phone && call(current.phone)}
                aria-label={
                  current.phone ? t("callNumber", { phone: formatPhone(current.phone) }) : t("call")
                }
              >
                <Phone aria-hidden />
                {t("call")}
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                // To the drawer's own appointment form, ready for the date.
                const date = document.getElementById(APPOINTMENT_DATE_ID);
                date?.scrollIntoView({ block: "center" });
                date?.focus();
              }}
            >
              <CalendarClock aria-hidden />
              {t("appointmentsButton")}
            </Button>
            <Button
              ref={mapToggleRef}
              variant="secondary"
              aria-pressed={mapEnabled}
              onClick={toggleMap}
              className="aria-pressed:border-primary aria-pressed:bg-primary-soft aria-pressed:text-primary-soft-fg"
            >
              <MapIcon aria-hidden />
              {t("openMap")}
            </Button>
          </div>
          <div className="flex flex-wrap justify-between gap-x-3">
            <p className="min-h-4 text-xs text-fg-muted" data-testid="facility-dial-count">
              {dialCount === undefined ? null : t("dialCount", { count: dialCount })}
            </p>
            {/* The category, which a narrow Targets table leaves to the drawer. */}
            {current.primaryType ? (
              <p className="text-xs text-fg-muted" data-testid="facility-category">
                {readableCategory(current.primaryType)}
              </p>
            ) : null}
            <SyncStatusLine status={records.status} />
          </div>
          {popupFor === current.place_id && mapEnabled ? (
            <MapPopup place={current} name={name} onClose={() => setPopupFor(null)} />
          ) : null}
          <div>
            <CollapsibleSection title={t("sections.address")} defaultOpen>
              <FacilityAddress place={current} data={facility.data} update={facility.update} />
            </CollapsibleSection>
            <CollapsibleSection title={t("sections.contactInfo")} defaultOpen>
              <FacilityContactInfo
                data={facility.data}
                update={facility.update}
                phone={current.phone ?? null}
                onCall={call}
                meta={records.meta}
              />
            </CollapsibleSection>
            <CollapsibleSection title={t("notes.title")} defaultOpen>
              <FacilityNotes data={facility.data} update={facility.update} meta={records.meta} />
            </CollapsibleSection>
            <CollapsibleSection title={t("appointments.title")} defaultOpen>
              <FacilityAppointments
                data={facility.data}
                update={facility.update}
                utcOffsetMinutes={current.utc_offset_minutes ?? null}
              />
            </CollapsibleSection>
            <CollapsibleSection title={t("sections.callLogs")} defaultOpen>
              <div className="grid gap-2 text-sm">
                <PlaceCallList placeId={current.place_id} />
                {current.phone ? (
                  // Every call of the team to this number, in Call History (to audit, download).
                  <Button asChild variant="secondary" size="sm" className="justify-self-start">
                    <Link href={`/app/reports/call-history?q=${encodeURIComponent(current.phone)}`}>
                      {t("callLogs.order")}
                    </Link>
                  </Button>
                ) : null}
              </div>
            </CollapsibleSection>
            <CollapsibleSection title={t("sections.photos")} defaultOpen={false}>
              <p className="text-sm text-fg-muted">{t("photos.placeholder")}</p>
            </CollapsibleSection>
          </div>
        </div>
      ) : null}
    </Drawer>
  );
}

function StorageAlerts({
  writeError,
  setAside,
}: {
  writeError: "quota" | "unavailable" | null;
  setAside: boolean;
}) {
  const t = useTranslations("Facility");
  if (!writeError && !setAside) return null;
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-lg bg-danger-soft p-3 text-sm text-danger-soft-fg"
    >
      {writeError ? <p>{t(`storage.${writeError}`)}</p> : null}
      {setAside ? <p>{t("storage.corrupt")}</p> : null}
    </div>
  );
}
