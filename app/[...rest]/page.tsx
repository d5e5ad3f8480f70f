import { LandingPage } from "@/components/landing/landing-page";

// Spec route table: any other path shows the landing page (same URL, no redirect).
export default function UnknownPath() {
  return <LandingPage />;
}
