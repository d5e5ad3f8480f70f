import { DynamicRootDocument } from "@/components/dynamic-root-document";
import { rootMetadata } from "@/components/root-document";
import { clientNamespaces } from "@/lib/i18n/namespaces";

export const metadata = rootMetadata;

// A root layout (the public pages have their own, prerendered: app/p/[locale]/layout.tsx).
export default function AdminConsoleRootLayout({ children }: { children: React.ReactNode }) {
  return <DynamicRootDocument namespaces={clientNamespaces.admin}>{children}</DynamicRootDocument>;
}
