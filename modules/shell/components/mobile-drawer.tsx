"use client";

import { useTranslations } from "next-intl";
import { Drawer } from "@/components/ui";
import { SidebarNav } from "./sidebar-nav";
import { Brand } from "./brand";

/** Below the lg breakpoint the sidebar is an off-canvas drawer on the start side (right in Arabic). */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Shell");
  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      side="start"
      title={t("mainNav")}
      hideTitle
      headerStart={<Brand />}
      closeLabel={t("closeMenu")}
      className="w-72 max-w-[85vw] sm:max-w-[85vw] lg:hidden"
    >
      <nav id="mobile-nav" aria-label={t("mainNav")}>
        <SidebarNav onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
