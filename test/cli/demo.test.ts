// The README's commands as a newcomer types them: the embedded default, its local secret, no --org.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { signToken } from "../../src/server/identity/tokens.js";
import { runCommandLine } from "../helpers/cli-in-process.js";
import { useTestService } from "../helpers/service.js";

const dataDir = mkdtempSync(join(tmpdir(), "pgw-cli-demo-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// No AUTH_SECRET: the service signs and checks with the secret it keeps in DATA_DIR, as `npm start` does.
const t = useTestService({ authSecret: undefined, dataDir: join(dataDir, "db"), seedDemo: true, runWorker: true, jobPollMs: 20 });

/** The command in this process (helpers/cli-in-process.ts), with a newcomer's settings: DATA_DIR alone. */
const cli = (args: string[]) => runCommandLine(args, { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: join(dataDir, "db"), LOG_LEVEL: "silent" });

describe("import and export on the embedded demo, as the README shows them", () => {
  it("acts in the demo organization without --org, and prints the job's warnings", async () => {
    const file = join(dataDir, "guide.csv");
    writeFileSync(file, "onAirTime,duration,title,mood\n2026-03-01T06:00:00Z,60000,Morning,cheerful\n");
    const imported = await cli(["import", file, "--url", t.url]);
    expect(imported.stderr).toMatch(/warning: Column "mood" is not known and was ignored/);
    expect(imported.code, imported.stderr).toBe(0);
    const [id, name, count] = imported.stdout.trim().split("\t");
    expect([name, count]).toEqual(["guide", "1 event"]);

    const out = join(dataDir, "x.xml");
    const exported = await cli(["export", id, "--format", "xmltv", "--out", out, "--url", t.url]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("<title>Morning</title>");

    const demoSchedules = (await t.client(await signToken(t.service.authSecret!, { sub: "t", orgs: ["demo"], role: "viewer" })).data(`{ schedules(size: 100) { content { id } } }`)).schedules;
    expect(demoSchedules.content.map((s: { id: string }) => s.id)).toContain(id);
  });

  it("names --org when a token acts for several organizations", async () => {
    const token = await signToken(t.service.authSecret!, { sub: "ops", orgs: ["demo", "acme"], role: "editor" });
    const result = await cli(["export", "1", "--url", t.url, "--token", token]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/several organizations: name one with --org ORG/);
  });
});
