// The line editor shows the server's own words under each field a refused save names, and
// nothing under the fields when the save failed for any other reason.
import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-error";
import { serverFieldErrors } from "@/modules/telephony/lib/panel-draft";

const refused = (body: unknown) =>
  new ApiClientError({ status: 400, code: "invalid_body", message: "refused", body });

describe("serverFieldErrors", () => {
  it("takes the messages by field path from a refused save", () => {
    const fields = { wsUrl: "Use wss://", "iceServers.0.urls": "Not a STUN or TURN URL" };
    expect(serverFieldErrors(refused({ error: "invalid", fields }))).toEqual(fields);
  });

  it("is empty for a refusal without fields and for failures that are not the server's", () => {
    expect(serverFieldErrors(refused({ error: "invalid" }))).toEqual({});
    expect(serverFieldErrors(refused(undefined))).toEqual({});
    expect(serverFieldErrors(new Error("offline"))).toEqual({});
    expect(serverFieldErrors("nope")).toEqual({});
  });
});
