"use client";

import { createContext, useContext } from "react";

const MapsKeyContext = createContext<string | null>(null);

/**
 * Hands the browser maps key (NEXT_PUBLIC_GOOGLE_MAPS_API_KEY, read at run time on the server
 * through lib/env.ts) to the map popup, so one build works with or without a key.
 */
export function MapsKeyProvider({
  apiKey,
  children,
}: {
  apiKey: string | null;
  children: React.ReactNode;
}) {
  return <MapsKeyContext.Provider value={apiKey}>{children}</MapsKeyContext.Provider>;
}

export const useMapsKey = () => useContext(MapsKeyContext);
