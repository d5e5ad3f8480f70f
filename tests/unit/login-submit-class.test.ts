import { describe, expect, it } from "vitest";
import { loginSubmitClass, loginSubmitOverrides } from "@/modules/sign-in/components/submit-class";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/ui/cn";

describe("the Login button's classes", () => {
  it("are the primary Button's with the sign-in overrides, merged", () => {
    expect(loginSubmitClass).toBe(cn(buttonVariants(), loginSubmitOverrides));
  });
});
