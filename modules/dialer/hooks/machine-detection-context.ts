import "client-only";
import { createContext } from "react";
import type { MachineDetection } from "@/modules/dialer/lib/amd/on-call";

/**
 * The answering-machine detection of the call, provided by the dialer provider and read by
 * useMachineDetection: a file of its own so that the provider and the hook do not import each other.
 */
export const MachineDetectionContext = createContext<MachineDetection | null>(null);
