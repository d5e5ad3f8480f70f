import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/lib/client/api-error";
import { webhookErrorCodes } from "@/modules/integrations/lib/webhooks/schemas";
import { webhookRefusal } from "@/modules/integrations/lib/webhooks/refusal";
import en from "@/messages/en/Integrations.json";
import ar from "@/messages/ar/Integrations.json";

const refused = (status: number, code: string | null) =>
  new ApiClientError({ status, code, message: "refused" });

describe("webhookRefusal", () => {
  it("names the https requirement next to the address, not 'try again'", () => {
    expect(webhookRefusal(refused(400, webhookErrorCodes.notHttps))).toEqual({
      field: "url",
      key: "urlHttpsRequired",
    });
    expect(en.urlHttpsRequired).toContain("https://");
    expect(ar.urlHttpsRequired).toContain("https://");
  });

  it("names credentials in the address and the team's limit", () => {
    expect(webhookRefusal(refused(400, webhookErrorCodes.credentials))).toEqual({
      field: "url",
      key: "urlCredentials",
    });
    expect(webhookRefusal(refused(409, webhookErrorCodes.limit))).toEqual({
      field: "form",
      key: "endpointsLimit",
    });
  });

  it("asks to try again only for what a retry can fix", () => {
    for (const error of [refused(500, "internal"), refused(0, "network"), new Error("x")])
      expect(webhookRefusal(error)).toEqual({ field: "form", key: "registerFailed" });
  });
});
