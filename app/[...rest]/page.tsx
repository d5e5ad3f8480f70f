import { redirect } from "next/navigation";
import { LandingPage } from "@/modules/landing/components/landing-page";
import { getPageSession } from "@/lib/auth/page-session";

// Spec route table: any other path shows the landing page (same URL, no redirect), rendered
// per request; a verified session cookie goes straight to /app, before any markup is sent.
export default async function UnknownPath() {
  if (await getPageSession()) redirect("/app");
  return <LandingPage />;
}
