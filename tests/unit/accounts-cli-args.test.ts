// The users CLI reads its command line strictly: an option a command does not know
// is refused with its name, never ignored, and every command takes exactly its arguments.
import { describe, expect, it } from "vitest";
import { parseCli, UsageError } from "@/lib/accounts/cli-args";

const refused = (argv: string[]) => {
  try {
    parseCli(argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error(`accepted: ${argv.join(" ")}`);
};

describe("users CLI arguments", () => {
  it("reads add with its options in any order", () => {
    expect(parseCli(["add", "jane", "--org", "Acme", "--email", "j@example.com"])).toEqual({
      command: "add",
      username: "jane",
      admin: false,
      email: "j@example.com",
      organization: "Acme",
    });
    expect(parseCli(["add", "--org=Acme Corp", "jane"])).toMatchObject({
      username: "jane",
      organization: "Acme Corp",
    });
    expect(parseCli(["add", "ops", "--admin"])).toMatchObject({ admin: true });
  });

  it("refuses options it does not know, naming them", () => {
    expect(refused(["add", "jane", "--organisation", "Acme"])).toMatch(/--organisation/);
    expect(refused(["list", "--org", "Acme"])).toMatch(/--org/);
    expect(refused(["disable", "jane", "--force"])).toMatch(/--force/);
    expect(refused(["org", "list", "--all"])).toMatch(/--all/);
    // An option that takes a value needs one.
    expect(refused(["add", "jane", "--org"])).toMatch(/--org/);
    expect(refused(["add", "ops", "--admin", "--org", "Acme"])).toMatch(/operator/);
  });

  it("reads --help, -h and help as a request for the usage, before anything else", () => {
    for (const argv of [["--help"], ["-h"], ["help"], ["add", "jane", "--help"], ["org", "-h"]]) {
      expect(parseCli(argv), argv.join(" ")).toEqual({ command: "help" });
    }
    // After `--` it is an argument, not the option.
    expect(parseCli(["add", "--", "--help"])).toMatchObject({ command: "add", username: "--help" });
  });

  it("refuses missing, extra and unknown arguments and commands", () => {
    expect(refused(["add"])).toMatch(/Missing <username>/);
    expect(refused(["add", "jane", "joe"])).toMatch(/Unexpected argument: joe/);
    expect(refused(["move", "jane"])).toMatch(/Missing <organization>/);
    expect(refused(["frobnicate"])).toMatch(/Unknown command: frobnicate/);
    expect(refused([])).toMatch(/No command/);
    expect(refused(["org", "rename", "A", "B"])).toMatch(/Unknown org command: rename/);
    expect(refused(["org", "add"])).toMatch(/Missing <name>/);
  });

  it("reads move and the org commands", () => {
    expect(parseCli(["move", "jane", "Acme"])).toEqual({
      command: "move",
      username: "jane",
      organization: "Acme",
    });
    expect(parseCli(["org", "add", "Acme Corp"])).toEqual({
      command: "org add",
      name: "Acme Corp",
    });
    expect(parseCli(["org", "list"])).toEqual({ command: "org list" });
    expect(parseCli(["org", "caller-id", "Acme", "+14155550100"])).toEqual({
      command: "org caller-id",
      name: "Acme",
      number: "+14155550100",
    });
    expect(parseCli(["org", "caller-id", "Acme", "--clear"])).toEqual({
      command: "org caller-id",
      name: "Acme",
      number: null,
    });
    expect(refused(["org", "caller-id", "Acme"])).toMatch(/Missing <number>/);
  });
});
