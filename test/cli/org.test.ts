// Found replaying issue 12 item 7/8 from outside: with AUTH_SECRET set and no --org, `import`
// uploaded the whole file and only then heard "name one with --org ORG" (exit 3). The CLI knows
// before sending anything that its own token acts for every organization: exit 2 at once.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useCountingServer } from "../helpers/cli.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";

const CSV = fileURLToPath(new URL("../fixtures/import/schedule.csv", import.meta.url));

/** Stands in for the service and counts what reaches it (nothing should). */
const standIn = useCountingServer();

const cli = (args: string[]) => runCliInProcess(args);

describe("with AUTH_SECRET and neither --org nor --token", () => {
  it.each([
    ["import", ["import", CSV, "--url"]],
    ["export", ["export", "12", "--url"]],
  ])("%s exits 2 naming --org before sending anything", async (_what, args) => {
    const before = standIn.requests;
    const result = await cli([...args, standIn.url]);
    expect(result.stderr).toMatch(/--org ORG/);
    expect(result.code).toBe(2);
    expect(standIn.requests).toBe(before);
  });
});
