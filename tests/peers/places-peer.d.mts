// Types for the Places API (New) test peer (places-peer.mjs).
export type PeerRequest = {
  kind: "search" | "details";
  placeId?: string;
  fieldMask: string | null;
  hasKey: boolean;
  body?: { textQuery?: string; pageSize?: number; pageToken?: string } | null;
  at: number;
  aborted: boolean;
};
export type PeerFailure = { status: number; count?: number } | null;
export type PeerConfig = {
  reset?: boolean;
  searchDelayMs?: number;
  detailsDelayMs?: number;
  jitterMs?: number;
  total?: number;
  failSearch?: PeerFailure;
  failDetails?: PeerFailure;
};
export type PlacesPeer = {
  url: string;
  port: number;
  apiKey: string;
  state: Required<Omit<PeerConfig, "reset">> & { requests: PeerRequest[] };
  close(): Promise<void>;
};
export function startPlacesPeer(
  options?: Omit<PeerConfig, "reset" | "failSearch" | "failDetails"> & {
    port?: number;
    host?: string;
    apiKey?: string;
  },
): Promise<PlacesPeer>;
