import { DynamicRootDocument } from "@/components/dynamic-root-document";
import { rootMetadata } from "@/components/root-document";
import { clientNamespaces } from "@/lib/i18n/namespaces";

export const metadata = rootMetadata;

// Root layout of /verify-email and /invite (the other public pages are prerendered: app/p/[locale]).
export default function VerifyEmailRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <DynamicRootDocument namespaces={clientNamespaces.verifyEmail}>{children}</DynamicRootDocument>
  );
}
