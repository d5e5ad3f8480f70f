import { describe, expect, it } from "vitest";
import en from "@/messages/en";
import { mergeMessages } from "@/lib/i18n/merge";
import { clientNamespaces, pickMessages, screenNamespaces } from "@/lib/i18n/namespaces";

describe("client message namespaces", () => {
  it("never sends the server-only mail strings to a browser", () => {
    for (const [area, spec] of Object.entries(clientNamespaces)) {
      expect(Object.keys(pickMessages(en, spec)), area).not.toContain("Mail");
    }
  });

  it("public pages get exactly what their client components read", () => {
    expect(Object.keys(pickMessages(en, clientNamespaces.public)).sort()).toEqual([
      "Common",
      "Login",
      "UI",
    ]);
  });

  it("the signed-in app gets every namespace but other areas' and the server's", () => {
    const app = Object.keys(pickMessages(en, clientNamespaces.app));
    expect(app).toEqual(expect.arrayContaining(["Shell", "Nav", "Dialer", "Targets", "UI"]));
    expect(app).not.toContain("Landing");
    expect(app).not.toContain("Admin");
    // The shared password field (Show/Hide) reads Login: the profile's security section uses it.
    expect(app).toContain("Login");
  });

  it("the Analytics screen's messages go with /app/analytics only, not with every /app page", () => {
    expect(Object.keys(pickMessages(en, clientNamespaces.app))).not.toContain("Analytics");
    expect(Object.keys(pickMessages(en, clientNamespaces.admin))).not.toContain("Analytics");
    expect(Object.keys(pickMessages(en, screenNamespaces.analytics))).toEqual(["Analytics"]);
  });

  it("picking copies: the catalogue itself is not changed", () => {
    pickMessages(en, clientNamespaces.app);
    expect(en).toHaveProperty("Mail");
  });
});

describe("mergeMessages with precompiled messages", () => {
  it("keeps a precompiled (array) message whole instead of merging it key by key", () => {
    const base = { A: { x: ["Hello ", ["name"]], y: "fallback" } };
    const de = { A: { x: ["Hallo ", ["name"], "!"] } };
    expect(mergeMessages(base, de)).toEqual({
      A: { x: ["Hallo ", ["name"], "!"], y: "fallback" },
    });
  });
});
