"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useSession } from "@/lib/client/session";

/** Spec: a logged-in visitor of the landing page is sent to /app. Renders nothing. */
export function SignedInRedirect() {
  const router = useRouter();
  const { ready, token } = useSession();
  useEffect(() => {
    if (ready && token) router.replace("/app");
  }, [ready, token, router]);
  return null;
}
