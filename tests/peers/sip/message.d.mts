// Types for message.mjs.
export type SipMessage = {
  method?: string;
  uri?: string;
  status?: number;
  reason?: string;
  headers: [string, string][];
  body: string;
};
export function parseMessage(data: string | Buffer): SipMessage | null;
export function serialize(msg: SipMessage): string;
export function header(msg: SipMessage, name: string): string | undefined;
export function headers(msg: SipMessage, name: string): string[];
export function parseUri(uri: string): {
  scheme: string;
  user: string;
  host: string;
  port?: number;
  params: Record<string, string>;
} | null;
export function parseNameAddr(value: string | undefined): {
  display: string;
  uri: string;
  params: Record<string, string>;
};
