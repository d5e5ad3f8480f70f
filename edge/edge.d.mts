// Types for edge.mjs (plain JavaScript so that it runs before anything is built).
export type EdgePorts = {
  ws: number;
  /** Secure WebSocket, with `tls` only. */
  wss: number;
  sip: number;
  ng: number;
  turn: number;
  rtpMin: number;
  rtpMax: number;
  relayMin: number;
  relayMax: number;
};
export type EdgeOptions = {
  dir: string;
  secret: string;
  domain?: string;
  host?: string;
  ports?: Partial<EdgePorts>;
  trunk?: { host: string; port: number };
  numbers?: Record<string, string | string[]>;
  /** Also wss:// on `ports.wss`, with a self-signed certificate for `host` made with openssl. */
  tls?: boolean;
  log?: (name: string, line: string) => void;
};
export type EdgeConfig = {
  values: Record<string, string | number>;
  wsUrl: string;
  /** With `tls`: the wss:// URL, and the certificate's PEM file that a client trusts for it. */
  wssUrl: string | null;
  certificate: string | null;
  sipDomain: string;
  turnUrl: string;
  ports: EdgePorts;
};
export type RunningEdge = EdgeConfig & {
  processes: Array<{ name: string; child: import("node:child_process").ChildProcess; log: string }>;
  pids: () => number[];
  logs: () => Record<string, string>;
  stop: () => Promise<void>;
};
export const EDGE_PROGRAMS: Array<{ program: string; packages: string }>;
export const EDGE_PACKAGES: string;
export const DEFAULT_PORTS: EdgePorts;
export function missingEdgePrograms(): string[];
export function callAuthorizationKey(secret: string): string;
export function fill(template: string, values: Record<string, string | number>): string;
export function numbersTable(numbers: Record<string, string | string[]>): string;
export function writeEdgeConfig(options: EdgeOptions): EdgeConfig;
export function pingRtpengine(port: number): Promise<boolean>;
export function pingTurn(port: number): Promise<boolean>;
export function pingKamailio(port: number): Promise<boolean>;
export function startEdge(options: EdgeOptions): Promise<RunningEdge>;
export function kamailioVersion(): string | null;
