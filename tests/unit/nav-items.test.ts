// The sidebar's entries by role: the live floor is listed for managers only.
import { describe, expect, it } from "vitest";
import { navItemsFor } from "@/modules/shell/components/nav-items";

describe("navItemsFor", () => {
  it("lists the live floor for a manager and never for a rep", () => {
    const hrefs = (role: "rep" | "manager") => navItemsFor(role).map((i) => i.href);
    expect(hrefs("manager")).toContain("/app/floor");
    expect(hrefs("rep")).not.toContain("/app/floor");
    // Everything else is the same for both.
    expect(hrefs("manager").filter((h) => h !== "/app/floor")).toEqual(hrefs("rep"));
  });
});
