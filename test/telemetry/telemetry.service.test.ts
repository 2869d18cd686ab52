// TelemetryService called directly with a Viewer (no HTTP, no GraphQL): ingestTelemetry's one
// transaction (registry upserts, measurements, rollups), who owns what (an organization's records,
// platform records, a playout's organization and its channel's), the batch's input checks, and
// reportExecution. test/telemetry/telemetry.test.ts covers the same over GraphQL.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Role } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import type { TelemetryBatchInput } from "../../src/telemetry/types.js";
import { appError, useServices, viewerOf } from "../helpers/services.js";
import { uniqueOrg } from "../helpers/service.js";

const bed = useServices();
const T0 = Date.parse("2026-01-01T00:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const WINDOW = { from: at(0), to: at(24 * 60) };

/** Two fresh organizations and callers of them. */
function setup() {
  const a = uniqueOrg("ta");
  const b = uniqueOrg("tb");
  const of = (orgs: string | string[], role: Role = "admin") => viewerOf(orgs, role);
  return { a, b, adminA: of(a), adminB: of(b), adminAB: of([a, b]) };
}
/** A platform admin: a token for every organization (orgs "*" itself, which viewerOf does not make). */
const platformAdmin = () => ({ userId: "platform", orgs: "*" as const, role: "admin" as const });

const ingest = (viewer: ReturnType<typeof viewerOf>, batch: TelemetryBatchInput) => bed.services.telemetry.ingest(viewer, batch);

/** Row counts of every table a batch writes, for the organizations given (registry names by id prefix). */
async function footprint(...orgs: string[]) {
  const list = JSON.stringify(orgs);
  const inOrgs = (column: string) => sql.raw(`${column} in (select json_array_elements_text('${list.replaceAll("'", "''")}'::json))`);
  const [row] = await queryRows<Record<string, number>>(
    bed.handle.db,
    sql`select (select count(*) from organizations where ${inOrgs("organization_id")})::int as organizations,
      (select count(*) from channels where ${inOrgs("organization")})::int as channels,
      (select count(*) from playouts where ${inOrgs("organization")})::int as playouts,
      (select count(*) from registry_names where ${sql.raw(orgs.map((o) => `id like '${o}%'`).join(" or "))})::int as names,
      (select count(*) from playout_samples where ${inOrgs("organization")})::int as samples,
      (select count(*) from playout_hourly where ${inOrgs("organization")})::int as hourly,
      (select count(*) from playout_daily where ${inOrgs("organization")})::int as daily,
      (select count(*) from cache_downloads where ${inOrgs("organization")})::int as cache_downloads,
      (select count(*) from storage_snapshots where ${inOrgs("organization")})::int as storage,
      (select count(*) from billing_usage where ${inOrgs("organization")})::int as billing,
      (select count(*) from executions where ${inOrgs("organization")})::int as executions`,
  );
  return row;
}

describe("TelemetryService.ingest", () => {
  it("upserts the registry by id, appends measurements, keeps the rollups in step and answers counts per kind", async () => {
    const { a, adminA } = setup();
    const first = await ingest(adminA, {
      organizations: [{ organizationId: a, name: "A" }],
      channels: [{ channelId: `${a}-c`, organization: a }],
      playouts: [{ playoutId: `${a}-p`, organization: a, playoutName: "first", ip: "1.2.3.4" }],
      playoutSamples: [{ playoutId: `${a}-p`, time: at(0), playback: 1 }, { playoutId: `${a}-p`, time: at(1), playback: 1 }],
      cacheDownloads: [{ organization: a, time: at(0), ip: "1.2.3.4", count: 1, size: 2 }],
      storageSnapshots: [{ organization: a, time: at(0), count: 1, size: 2 }],
      billingUsage: [{ organization: a, timeStamp: at(0) }],
      executions: [{ executionId: `${a}-e` }, { executionId: `${a}-e`, success: false }],
    });
    expect(first).toEqual({ organizations: 1, providers: 0, channels: 1, playouts: 1, playoutSamples: 2, cacheDownloads: 1, storageSnapshots: 1, streamStats: 0, billingUsage: 1, executions: 1 });
    // A second batch renames the playout; members it leaves out keep their value; samples add up.
    await ingest(adminA, { playouts: [{ playoutId: `${a}-p`, organization: a, playoutName: "second" }], playoutSamples: [{ playoutId: `${a}-p`, time: at(2), playback: 0 }] });
    expect(await bed.services.reporting.playoutUsage(adminA, a, WINDOW)).toMatchObject([{ playoutId: `${a}-p`, playoutName: "second", ip: "1.2.3.4", uptime: 120, downtime: 60 }]);
    expect(await footprint(a)).toMatchObject({ organizations: 1, channels: 1, playouts: 1, samples: 3, hourly: 1, daily: 1, executions: 1 });
    // The last of a repeated execution wins.
    const [execution] = await queryRows<{ success: boolean }>(bed.handle.db, sql`select success from executions where organization = ${a}`);
    expect(execution.success).toBe(false);
  });

  it("needs the admin role; providers and stream statistics need a platform admin", async () => {
    const { a, adminA } = setup();
    for (const role of ["editor", "viewer", "playout"] as const) await appError(ingest(viewerOf(a, role), { organizations: [{ organizationId: a }] }), "FORBIDDEN");
    expect((await appError(ingest(adminA, { providers: [{ providerId: `${a}-pv` }] }), "FORBIDDEN")).message).toMatch(/platform records/);
    await appError(ingest(adminA, { streamStats: [{ region: `${a}-eu`, time: at(0) }] }), "FORBIDDEN");
    expect(await ingest(platformAdmin(), { providers: [{ providerId: `${a}-pv`, providerName: "P" }], streamStats: [{ region: `${a}-eu`, time: at(0), activeStreamCount: 1 }] })).toMatchObject({ providers: 1, streamStats: 1 });
    expect(await footprint(a)).toMatchObject({ organizations: 0, names: 1 });
  });

  it("refuses bad records with BAD_USER_INPUT naming the argument, before writing anything", async () => {
    const { a, adminA, adminAB } = setup();
    await ingest(adminA, { playouts: [{ playoutId: `${a}-p`, organization: a }] });
    const before = await footprint(a);
    const cases: [TelemetryBatchInput, string][] = [
      [{ playouts: [{ playoutId: " ", organization: a }] }, "batch.playouts.playoutId"],
      [{ channels: [{ channelId: `${a}-c`, organization: "" }] }, "batch.channels.organization"],
      [{ playoutSamples: [{ playoutId: `${a}-p`, time: at(0), intervalSeconds: 0 }] }, "batch.playoutSamples"],
      [{ playoutSamples: [{ playoutId: `${a}-p`, time: at(0), intervalSeconds: 86_401 }] }, "batch.playoutSamples"],
      [{ playoutSamples: [{ playoutId: `${a}-p`, time: at(0) }, { playoutId: `${a}-p`, time: at(1), cpu: Number.NaN }] }, "batch.playoutSamples[1].cpu"],
      [{ playoutSamples: [{ playoutId: `${a}-p`, time: at(0), freeMemory: 1e16 }] }, "batch.playoutSamples[0].freeMemory"],
      [{ storageSnapshots: [{ organization: a, time: at(0), count: -1, size: 0 }] }, "batch.storageSnapshots"],
      [{ cacheDownloads: [{ organization: a, time: at(0), ip: "x", size: -1 }] }, "batch.cacheDownloads"],
      [{ cacheDownloads: [{ organization: a, time: at(0), ip: " " }] }, "batch.cacheDownloads.ip"],
      [{ storageSnapshots: Array.from({ length: 100_001 }, () => ({ organization: a, time: at(0), count: 0, size: 0 })) }, "batch"],
    ];
    for (const [batch, argument] of cases) {
      const error = await appError(ingest(adminA, batch), "BAD_USER_INPUT");
      expect(error.extensions, argument).toMatchObject({ argument });
    }
    // A token of several organizations names each execution's.
    expect((await appError(ingest(adminAB, { executions: [{ executionId: "e" }] }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "organization" });
    expect(await footprint(a)).toEqual(before);
  });

  it("keeps each organization's records its own: another organization's records are FORBIDDEN, its playouts unknown to samples", async () => {
    const { a, b, adminA, adminB, adminAB } = setup();
    await appError(ingest(adminA, { playouts: [{ playoutId: `${a}-ok`, organization: a }], cacheDownloads: [{ organization: b, time: at(0), ip: "x" }] }), "FORBIDDEN");
    await appError(ingest(adminA, { organizations: [{ organizationId: b }] }), "FORBIDDEN");
    await appError(ingest(adminA, { billingUsage: [{ organization: b, timeStamp: at(0) }] }), "FORBIDDEN");
    expect(await footprint(a)).toMatchObject({ playouts: 0 });
    // Another organization's registered playout: neither its record (FORBIDDEN, whoever it names) nor its samples.
    await ingest(adminB, { playouts: [{ playoutId: `${b}-p`, organization: b }] });
    const taken = await appError(ingest(adminA, { playouts: [{ playoutId: `${b}-p`, organization: a }] }), "FORBIDDEN");
    expect(taken.message).not.toContain(`organization ${b}`);
    // Samples of it answer exactly as for a playout nobody registered (no existence oracle).
    const hidden = await appError(ingest(adminA, { playoutSamples: [{ playoutId: `${b}-p`, time: at(0) }] }), "BAD_USER_INPUT");
    const ghost = await appError(ingest(adminA, { playoutSamples: [{ playoutId: `${a}-ghost`, time: at(0) }] }), "BAD_USER_INPUT");
    expect([hidden.extensions.unknownPlayoutIds, ghost.extensions.unknownPlayoutIds]).toEqual([[`${b}-p`], [`${a}-ghost`]]);
    // Between two of the caller's organizations a playout may not move: BAD_USER_INPUT.
    await ingest(adminAB, { playouts: [{ playoutId: `${a}-p`, organization: a }] });
    expect((await appError(ingest(adminAB, { playouts: [{ playoutId: `${a}-p`, organization: b }] }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "batch.playouts" });
  });

  it("keeps a playout and its channel in one organization", async () => {
    const { a, b, adminA, adminB, adminAB } = setup();
    await ingest(adminB, { channels: [{ channelId: `${b}-c`, organization: b, channelName: "secret" }] });
    const hidden = await appError(ingest(adminA, { playouts: [{ playoutId: `${a}-p`, organization: a, channelId: `${b}-c` }] }), "FORBIDDEN");
    expect(hidden.message).not.toContain(`organization ${b}`);
    expect((await appError(ingest(adminAB, { playouts: [{ playoutId: `${a}-p`, organization: a, channelId: `${b}-c` }] }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "batch.playouts" });
    // The other way round: a channel registered under the id another organization's playout uses.
    await ingest(adminA, { playouts: [{ playoutId: `${a}-q`, organization: a, channelId: `${a}-later` }] });
    await appError(ingest(adminB, { channels: [{ channelId: `${a}-later`, organization: b }] }), "FORBIDDEN");
    expect((await ingest(adminA, { channels: [{ channelId: `${a}-later`, organization: a }] })).channels).toBe(1);
  });

  it("nothing is half-written: a batch refused after its registry upserts (an unknown playout's samples, a channel of another organization) leaves every table as it was", async () => {
    const { a, b, adminA, adminAB } = setup();
    await ingest(adminAB, { channels: [{ channelId: `${b}-c`, organization: b }] });
    const before = await footprint(a, b);
    const unknown = await appError(
      ingest(adminA, {
        organizations: [{ organizationId: a, name: "A" }],
        channels: [{ channelId: `${a}-c`, organization: a, channelName: "C" }],
        playouts: [{ playoutId: `${a}-new`, organization: a, playoutName: "New" }],
        playoutSamples: [{ playoutId: `${a}-new`, time: at(0), playback: 1 }, { playoutId: `${a}-ghost`, time: at(0), playback: 1 }],
        storageSnapshots: [{ organization: a, time: at(0), count: 1, size: 1 }],
        executions: [{ executionId: `${a}-e` }],
      }),
      "BAD_USER_INPUT",
    );
    expect(unknown.extensions).toMatchObject({ argument: "batch.playoutSamples", unknownPlayoutIds: [`${a}-ghost`] });
    await appError(ingest(adminAB, { organizations: [{ organizationId: a }], playouts: [{ playoutId: `${a}-p`, organization: a, channelId: `${b}-c`, playoutName: "P" }] }), "BAD_USER_INPUT");
    expect(await footprint(a, b)).toEqual(before);
  });
});

describe("TelemetryService.reportExecution", () => {
  it("records an execution, replaces it by id, and places a platform token's own under the platform", async () => {
    const { a, adminA, adminAB } = setup();
    const id = `${a}-exec`;
    expect(await bed.services.telemetry.reportExecution(adminA, { executionId: id, executionTime: at(0), duration: 100, type: "billing" })).toEqual({ code: 200, messages: [`Execution ${id} recorded`] });
    expect((await bed.services.telemetry.reportExecution(adminAB, { organization: a, executionId: id, executionTime: at(5), success: false })).messages[0]).toContain("replaced");
    const days = await bed.services.reporting.executionDays(adminA, at(0), at(60));
    expect(days.flatMap((d) => d.executions).filter((e) => e.executionId === id)).toMatchObject([{ organization: a, success: false, duration: null, type: null }]);
    await bed.services.telemetry.reportExecution(platformAdmin(), { executionId: `${a}-platform`, executionTime: at(0) });
    const [row] = await queryRows<{ organization: string }>(bed.handle.db, sql`select organization from executions where execution_id = ${`${a}-platform`}`);
    expect(row.organization).toBe("*");
  });

  it("refuses another organization (FORBIDDEN), a non-admin (FORBIDDEN) and bad fields (BAD_USER_INPUT naming them)", async () => {
    const { a, b, adminA } = setup();
    await appError(bed.services.telemetry.reportExecution(adminA, { organization: b, executionId: "x" }), "FORBIDDEN");
    await appError(bed.services.telemetry.reportExecution(viewerOf(a, "editor"), { executionId: "x" }), "FORBIDDEN");
    for (const [input, argument] of [[{ executionId: " " }, "executionId"], [{ executionId: "x", duration: -1 }, "duration"], [{ executionId: "x", organization: " " }, "organization"]] as const) {
      expect((await appError(bed.services.telemetry.reportExecution(adminA, input), "BAD_USER_INPUT")).extensions).toMatchObject({ argument });
    }
    expect(await footprint(a, b)).toMatchObject({ executions: 0 });
  });
});
