// Types for sdp.mjs.
export function stripTelephoneEventRates(sdp: string): string;
export function audioCodecs(sdp: string): string[];
export function mediaDirection(sdp: string): "sendrecv" | "sendonly" | "recvonly" | "inactive";
export function pinCandidate(sdp: string, host: string, port: number): string;
