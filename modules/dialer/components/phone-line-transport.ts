import "client-only";
import { readStored } from "@/lib/client/storage";
import { audioDevicesKey } from "@/modules/dialer/lib/storage-keys";
import {
  authorizeCall,
  authorizeTransfer,
  fetchLineCredentials,
} from "@/modules/telephony/client/telephony";
import { LINE_LOCK_NAME, type RepLine } from "@/modules/dialer/lib/line";
import { createSipTransport } from "@/modules/dialer/lib/sip-transport";

/**
 * The SIP transport wired to this app: credentials and call authorisations from the API, the
 * rep's chosen audio devices, one tab per browser on the line. Its own chunk (SIP.js with it),
 * imported by use-phone-line.ts only for an organization with a line.
 */
export function createPhoneLineTransport(line: RepLine) {
  return createSipTransport({
    line: {
      wsUrl: line.wsUrl,
      sipDomain: line.sipDomain,
      dtmfMode: line.dtmfMode,
      iceServers: line.iceServers,
    },
    fetchCredentials: fetchLineCredentials,
    authorize: authorizeCall,
    authorizeTransfer,
    devices: () => readStored(audioDevicesKey),
    lockName: LINE_LOCK_NAME,
  });
}
