import { describe, expect, it } from "vitest";
import {
  clearOperatorToken,
  getOperatorToken,
  setOperatorToken,
} from "@/lib/client/operator-session";
import { installFakeWindow } from "../support/fake-browser";

const win = installFakeWindow();

describe("operator session", () => {
  it("keeps the console token in session storage, apart from the rep's local storage", () => {
    expect(getOperatorToken()).toBeNull();
    expect(setOperatorToken("op-1")).toEqual({ ok: true });
    expect(getOperatorToken()).toBe("op-1");
    expect(win.sessionStorage.getItem("admin.token")).toBe("op-1");
    expect(win.localStorage.length).toBe(0);
    clearOperatorToken();
    expect(getOperatorToken()).toBeNull();
    expect(win.sessionStorage.getItem("admin.token")).toBeNull();
  });

  it("reports a blocked session storage instead of throwing; the token holds for the page", () => {
    win.sessionStorage.disabled = true;
    expect(setOperatorToken("op-2")).toEqual({ ok: false, reason: "unavailable" });
    expect(getOperatorToken()).toBe("op-2");
    clearOperatorToken();
    expect(getOperatorToken()).toBeNull();
    win.sessionStorage.disabled = false;
  });
});
