// Records without a single organization (docs/REPORTING.md "Who owns what"): providers and region
// stream statistics are written only by a platform admin; executions belong to an organization;
// another organization's playout id answers exactly like an id nobody registered.
import { describe, expect, it } from "vitest";
import { INGEST } from "../helpers/telemetry.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";

const t = useTestService();

const REPORT = `mutation($i: ExecutionReportInput!) { reportExecution(input: $i) { code messages } }`;
const DAYS = `query($from: DateTime!) { executionDays(from: $from) { executions { organization executionId success } } }`;
const GROUPS = `query($o: [String!]) { playoutHistoryGroups(organizations: $o) { providerId names } }`;
const REGIONS = `{ regionStreamStats { region streamCount } }`;

async function setup() {
  const a = uniqueOrg("oa");
  const b = uniqueOrg("ob");
  const platform = t.client(await t.token("*", "admin", "platform"));
  const adminA = t.client(await t.token(a, "admin"));
  const adminB = t.client(await t.token(b, "admin"));
  // A provider, and a playout of A on it.
  await platform.data(INGEST, { batch: { providers: [{ providerId: `${a}-pv`, providerName: "Provider A" }] } });
  await adminA.data(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: a, providerId: `${a}-pv` }] } });
  return { a, b, platform, adminA, adminB, viewerA: t.client(await t.token(a, "viewer")), viewerB: t.client(await t.token(b, "viewer")) };
}

describe("platform records", () => {
  it("an organization's admin cannot rename a provider that other organizations' reports show", async () => {
    const { a, adminA, adminB, viewerA, platform } = await setup();
    for (const admin of [adminA, adminB]) {
      const error = await admin.error(INGEST, { batch: { providers: [{ providerId: `${a}-pv`, providerName: "Renamed" }] } });
      expect(error.extensions.code).toBe("FORBIDDEN");
      expect(error.message).toContain("platform admin");
    }
    expect((await viewerA.data(GROUPS, { o: [a] })).playoutHistoryGroups).toEqual([{ providerId: `${a}-pv`, names: ["Provider A"] }]);
    // The platform admin may.
    await platform.data(INGEST, { batch: { providers: [{ providerId: `${a}-pv`, providerName: "Provider A2" }] } });
    expect((await viewerA.data(GROUPS, { o: [a] })).playoutHistoryGroups[0].names).toEqual(["Provider A", "Provider A2"]);
  });

  it("region stream statistics are written only by a platform admin and read by everyone", async () => {
    const { a, adminA, viewerA, platform } = await setup();
    const stats = { streamStats: [{ region: `${a}-eu`, time: "2026-01-01T00:00:00Z", streamCount: 1 }] };
    const error = await adminA.error(INGEST, { batch: stats });
    expect(error.extensions.code).toBe("FORBIDDEN");
    expect((await viewerA.data(REGIONS)).regionStreamStats.filter((r: any) => r.region === `${a}-eu`)).toEqual([]);
    await platform.data(INGEST, { batch: stats });
    expect((await viewerA.data(REGIONS)).regionStreamStats.filter((r: any) => r.region === `${a}-eu`)).toEqual([{ region: `${a}-eu`, streamCount: 1 }]);
  });
});

describe("executions belong to an organization", () => {
  it("another organization's report of the same executionId is its own record; each reads only its own", async () => {
    const { a, b, adminA, adminB, viewerA, viewerB, platform } = await setup();
    const id = `${a}-run`;
    const from = "2031-06-01T00:00:00Z";
    expect((await adminA.data(REPORT, { i: { executionId: id, executionTime: "2031-06-01T01:00:00Z", success: true } })).reportExecution.messages[0]).toContain("recorded");
    // B reporting A's id records B's own execution, answered exactly as a new id; A's stays as it was.
    const byB = await adminB.data(REPORT, { i: { executionId: id, executionTime: "2031-06-01T02:00:00Z", success: false } });
    expect(byB.reportExecution.messages).toEqual([`Execution ${id} recorded`]);
    const mine = async (gql: typeof viewerA) => (await gql.data(DAYS, { from })).executionDays.flatMap((d: any) => d.executions);
    expect(await mine(viewerA)).toEqual([{ organization: a, executionId: id, success: true }]);
    expect(await mine(viewerB)).toEqual([{ organization: b, executionId: id, success: false }]);
    // Naming another organization is FORBIDDEN; a platform token reads both and reports platform executions.
    expect((await adminB.error(REPORT, { i: { executionId: id, organization: a } })).extensions.code).toBe("FORBIDDEN");
    expect((await adminB.error(INGEST, { batch: { executions: [{ executionId: id, organization: a }] } })).extensions.code).toBe("FORBIDDEN");
    await platform.data(REPORT, { i: { executionId: id, executionTime: "2031-06-01T03:00:00Z" } });
    const all = (await platform.data(DAYS, { from })).executionDays.flatMap((d: any) => d.executions).filter((e: any) => e.executionId === id);
    expect(all).toEqual([
      { organization: "*", executionId: id, success: true },
      { organization: b, executionId: id, success: false },
      { organization: a, executionId: id, success: true },
    ]);
    expect(await mine(viewerA)).toEqual([{ organization: a, executionId: id, success: true }]);
  });

  it("a token of several organizations names the execution's organization", async () => {
    const { a, b } = await setup();
    const both = t.client(await t.token([a, b], "admin"));
    expect((await both.error(REPORT, { i: { executionId: `${a}-x` } })).extensions.code).toBe("BAD_USER_INPUT");
    await both.data(REPORT, { i: { executionId: `${a}-x`, organization: b } });
  });
});

describe("a foreign playout id answers like a missing one", () => {
  it("samples of another organization's playout get the answer of an unregistered id", async () => {
    const { a, adminB } = await setup();
    const sample = (playoutId: string) => ({ batch: { playoutSamples: [{ playoutId, time: "2026-01-01T00:00:00Z", playback: 1 }] } });
    const foreign = await adminB.error(INGEST, sample(`${a}-p`));
    const missing = await adminB.error(INGEST, sample(`${a}-nobody`));
    expect(foreign.extensions.code).toBe(missing.extensions.code);
    expect(foreign.message.replace(`${a}-p`, "ID")).toBe(missing.message.replace(`${a}-nobody`, "ID"));
    expect(foreign.message).not.toMatch(/another organization|belongs/);
  });

  it("registering another organization's playout id answers as naming an organization outside the claim", async () => {
    const { a, b, adminB } = await setup();
    const taken = await adminB.error(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: b }] } });
    const outside = await adminB.error(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: a }] } });
    expect(taken.extensions.code).toBe("FORBIDDEN");
    expect(taken.message).toBe(outside.message);
    expect(taken.message).not.toMatch(/another organization|belongs|organization /);
  });
});

describe("names another organization gave", () => {
  it("a channel id a playout once named shows no names unless the channel is the playout's organization's", async () => {
    const { a, b, adminA, adminB, viewerB } = await setup();
    await adminB.data(INGEST, { batch: { playouts: [{ playoutId: `${b}-p`, organization: b, channelId: `${a}-later` }] } });
    await adminB.data(INGEST, { batch: { channels: [{ channelId: `${b}-c`, organization: b, channelName: "B channel" }], playouts: [{ playoutId: `${b}-p`, organization: b, channelId: `${b}-c` }] } });
    await adminA.data(INGEST, { batch: { channels: [{ channelId: `${a}-later`, organization: a, channelName: "Secret of A" }] } });
    const { playoutHistoryGroups } = await viewerB.data(`{ playoutHistoryGroups { organizations { playouts { channels { channelId names } } } } }`);
    expect(JSON.stringify(playoutHistoryGroups)).not.toContain("Secret of A");
    expect(playoutHistoryGroups[0].organizations[0].playouts[0].channels).toEqual([
      { channelId: `${a}-later`, names: [] },
      { channelId: `${b}-c`, names: ["B channel"] },
    ]);
  });
});
