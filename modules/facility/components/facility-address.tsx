"use client";

import { useState } from "react";
import { ExternalLink, Globe, MapPin } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, Field, Input } from "@/components/ui";
import type { FacilityData } from "@/modules/facility/lib/schemas";
import type { UpdateResult } from "@/modules/facility/lib/store";
import type { FacilityPlace } from "@/modules/facility/lib/types";
import { setAddressOverride, type Updater } from "@/modules/facility/lib/updaters";
import { emptyAddressDraft, formatAddressOverride } from "@/modules/facility/lib/validation";

/** The address the rep should trust: their correction when set, else the listed one. */
export function displayAddress(place: FacilityPlace, data: FacilityData): string | null {
  return data.addressOverride
    ? formatAddressOverride(data.addressOverride)
    : (place.address ?? null);
}

function ExternalLinkRow({
  href,
  icon,
  label,
}: {
  href: string;
  icon: React.ReactNode;
  label: string;
}) {
  const t = useTranslations("Facility");
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-text underline underline-offset-2"
    >
      {icon}
      {label}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">{t("address.opensNewTab")}</span>
    </a>
  );
}

/** Section "Address/Website/Maps links" with the rep's address correction. */
export function FacilityAddress({
  place,
  data,
  update,
}: {
  place: FacilityPlace;
  data: FacilityData;
  update: (fn: Updater) => UpdateResult;
}) {
  const t = useTranslations("Facility");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(emptyAddressDraft);
  const shown = displayAddress(place, data);
  const open = () => {
    setDraft(data.addressOverride ?? emptyAddressDraft);
    setEditing(true);
  };
  const fields = ["line1", "city", "state", "zip"] as const;

  return (
    <div className="grid gap-3">
      <div className="flex items-start gap-2 text-sm">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-fg-muted" />
        <div className="min-w-0">
          <p className="text-fg" data-testid="facility-address">
            {shown ? <bdi>{shown}</bdi> : t("address.none")}
          </p>
          {data.addressOverride ? (
            <p className="text-xs text-fg-muted">
              {t("address.corrected")}
              {place.address ? ` · ${t("address.listed", { address: place.address })}` : null}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {place.website ? (
          <ExternalLinkRow
            href={place.website}
            icon={<Globe aria-hidden className="size-4" />}
            label={t("address.website")}
          />
        ) : null}
        {place.place_url ? (
          <ExternalLinkRow
            href={place.place_url}
            icon={<MapPin aria-hidden className="size-4" />}
            label={t("address.maps")}
          />
        ) : null}
      </div>
      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            update(setAddressOverride(draft));
            setEditing(false);
          }}
        >
          <div className="grid grid-cols-2 gap-2">
            {fields.map((f) => (
              <Field
                key={f}
                label={t(`address.${f}`)}
                className={f === "line1" ? "col-span-2" : undefined}
              >
                <Input
                  value={draft[f]}
                  onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
                />
              </Field>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              {t("address.save")}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              {t("notes.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={open}>
            {t("address.override")}
          </Button>
          {data.addressOverride ? (
            <Button variant="ghost" size="sm" onClick={() => update(setAddressOverride(null))}>
              {t("address.clear")}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
