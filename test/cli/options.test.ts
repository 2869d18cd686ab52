// Bad options stop a remote command before it sends anything: exit 2 and a message naming the option.
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { describeFatalError } from "../../src/cli/fatal-errors.js";
import { runCli, useCountingServer } from "../helpers/cli.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";

const CSV = fileURLToPath(new URL("../fixtures/import/schedule.csv", import.meta.url));

/** Stands in for the service and counts what reaches it (nothing should). */
const standIn = useCountingServer();

/** Run by the program itself (bin/playout-gateway.mjs in a process of its own): exit 2 as a shell sees it. The others run in this process. */
const SPAWNED = new Set(["an unknown flag"]);

describe("options checked before any request", () => {
  it.each([
    ["an unknown import format", ["import", CSV, "--format", "yaml"], /--format must be csv, json, xmltv, bxf \(got yaml\)/],
    ["a schedule id that is not a number", ["export", "abc"], /schedule id must be a positive whole number \(got abc\)/],
    ["an unknown export format", ["export", "12", "--format", "pdf"], /--format must be xmltv or json or bxf/],
    ["an unknown flag", ["import", CSV, "--colour", "red"], /Unknown option '--colour'.*see --help/],
    // Node's parseArgs leaves the last quote of its example open (`as in '-- "--bogus"`): closed here.
    ["an unknown flag, with how to name a file starting with -", ["import", "--bogus", CSV], /^Unknown option '--bogus'\. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--bogus"' \(see --help\)\n$/],
    ["a flag without its value", ["import", CSV, "--format"], /'--format <value>' argument missing/],
    ["a flag followed by another flag", ["export", "12", "--out", "--quiet"], /'--out' argument is ambiguous/],
    ["a non-positive fps", ["import", CSV, "--fps", "0"], /--fps must be a positive number/],
    ["an empty name", ["import", CSV, "--name", ""], /--name must not be empty/],
    ["an empty organization", ["export", "12", "--org", ""], /--org must name an organization/],
    ["an address that is not http", ["export", "12", "--url", "ftp://example.org"], /--url must be an http/],
    ["an unknown job status", ["jobs", "--status", "done"], /--status must be one of pending, processing, succeeded, failed, canceled/],
    ["a job id that is not a number", ["jobs", "--watch", "last"], /--watch takes a job id/],
    ["an unknown flag of jobs", ["jobs", "--all"], /Unknown option '--all'/],
    ["an unknown flag of asrun", ["asrun", "export", "12", "--bogus"], /as in '-- "--bogus"' \(see --help\)\n$/],
  ])("refuses %s with exit 2", async (what, args, message) => {
    const before = standIn.requests;
    const run = SPAWNED.has(what) ? runCli : runCliInProcess;
    const result = await run(args.includes("--url") ? args : [args[0], "--url", standIn.url, ...args.slice(1)]);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(standIn.requests).toBe(before);
  });
});

describe("the message of a bad option that stops a command", () => {
  it("closes the quote of Node's example", () => {
    let error: unknown;
    try {
      parseArgs({ args: ["--bogus"], options: {}, allowPositionals: true });
    } catch (e) {
      error = e;
    }
    expect(describeFatalError(error)).toMatch(/as in '-- "--bogus"' \(see --help\)$/);
  });
});
