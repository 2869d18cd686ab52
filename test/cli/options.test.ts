// Bad options stop a remote command before it sends anything: exit 2 and a message naming the option.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli, useCountingServer } from "../helpers/cli.js";

const CSV = fileURLToPath(new URL("../fixtures/import/schedule.csv", import.meta.url));

/** Stands in for the service and counts what reaches it (nothing should). */
const standIn = useCountingServer();

const cli = (args: string[]) => runCli(args);

describe("options checked before any request", () => {
  it.each([
    ["an unknown import format", ["import", CSV, "--format", "yaml"], /--format must be csv, json, xmltv, bxf \(got yaml\)/],
    ["a schedule id that is not a number", ["export", "abc"], /schedule id must be a positive whole number \(got abc\)/],
    ["an unknown export format", ["export", "12", "--format", "pdf"], /--format must be xmltv or json or bxf/],
    ["an unknown flag", ["import", CSV, "--colour", "red"], /Unknown option '--colour'.*see --help/],
    ["a flag without its value", ["import", CSV, "--format"], /'--format <value>' argument missing/],
    ["a flag followed by another flag", ["export", "12", "--out", "--quiet"], /'--out' argument is ambiguous/],
    ["a non-positive fps", ["import", CSV, "--fps", "0"], /--fps must be a positive number/],
    ["an empty name", ["import", CSV, "--name", ""], /--name must not be empty/],
    ["an empty organization", ["export", "12", "--org", ""], /--org must name an organization/],
    ["an address that is not http", ["export", "12", "--url", "ftp://example.org"], /--url must be an http/],
    ["an unknown job status", ["jobs", "--status", "done"], /--status must be one of pending, processing, succeeded, failed, canceled/],
    ["a job id that is not a number", ["jobs", "--watch", "last"], /--watch takes a job id/],
    ["an unknown flag of jobs", ["jobs", "--all"], /Unknown option '--all'/],
  ])("refuses %s with exit 2", async (_what, args, message) => {
    const before = standIn.requests;
    const result = await cli(args.includes("--url") ? args : [args[0], "--url", standIn.url, ...args.slice(1)]);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(standIn.requests).toBe(before);
  });
});
