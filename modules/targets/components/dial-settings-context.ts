"use client";

import { createContext } from "react";
import type { DialSettingsData } from "./targets-queries";

/** The power-dial settings (targets-queries.tsx loads them); undefined until they arrive. */
export const DialSettingsContext = createContext<DialSettingsData | undefined>(undefined);
