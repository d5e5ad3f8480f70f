/**
 * Every form of dial string the dialer takes, and what each must do: ring exactly one number
 * (and send the extension as tones after answer) or be refused with its reason. One table for
 * both runs: tests/unit/dial-string.test.ts reads it with the module itself (node), and
 * tests/e2e/dial-strings.spec.ts types each into the dialer of the built app and checks what
 * reached the SIP test peer. The numbers are the peer's answering number (+1 512-555-0100).
 */
import type { DialRefusal } from "@/modules/calls/lib/dial-string";

export type DialStringCase =
  { typed: string; rings: string; tones: string } | { typed: string; refused: DialRefusal };

export const ANSWERING = "+15125550100";

export const dialStringTable: DialStringCase[] = [
  // Formatting and country codes.
  { typed: "5125550100", rings: ANSWERING, tones: "" },
  { typed: "(512) 555-0100", rings: ANSWERING, tones: "" },
  { typed: "+1 512-555-0100", rings: ANSWERING, tones: "" },
  { typed: "1 512 555 0100", rings: ANSWERING, tones: "" },
  { typed: "011 1 512 555 0100", rings: ANSWERING, tones: "" },
  { typed: "512.555.0100#", rings: ANSWERING, tones: "" },
  { typed: "٥١٢٥٥٥٠١٠٠", rings: ANSWERING, tones: "" },
  // Extensions and pauses: the number rings, the digits after it go as tones once answered.
  { typed: "5125550100 x12", rings: ANSWERING, tones: "12" },
  { typed: "(512) 555-0100 ext. 34", rings: ANSWERING, tones: "34" },
  { typed: "+1-512-555-0100;ext=56", rings: ANSWERING, tones: "56" },
  { typed: "5125550100,,78", rings: ANSWERING, tones: "78" },
  { typed: "5125550100, 9#", rings: ANSWERING, tones: "9#" },
  // Caller-ID presentation codes: refused by name, never dropped.
  { typed: "*67 512 555 0100", refused: "caller-id" },
  { typed: "*82 (512) 555-0100", refused: "caller-id" },
  { typed: "#31#5125550100", refused: "caller-id" },
  { typed: "*31#5125550100", refused: "caller-id" },
  { typed: "*67*82 5125550100", refused: "caller-id" },
  // Other service codes: the edge would dial them as part of the number.
  { typed: "*70 512 555 0100", refused: "service-code" },
  // Digits the grammar cannot place without ringing something else.
  { typed: "5125550100*1", refused: "unreadable" },
  { typed: "5125550100##", refused: "unreadable" },
  { typed: "1*67 5125550100", refused: "unreadable" },
  { typed: "51255501009", refused: "extra-digits" },
  { typed: "555 0100", refused: "invalid-number" },
];
