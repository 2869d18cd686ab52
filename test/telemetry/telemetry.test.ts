import "reflect-metadata";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../src/common/auth.js";
import { ReportingService } from "../../src/reporting/service.js";
import { sourceFor } from "../../src/reporting/figures.js";
import { PeriodType } from "../../src/reporting/types.js";
import { parseWindow, wholeDayRanges } from "../../src/reporting/window.js";
import { queryRows } from "../../src/db/client.js";
import { sql } from "drizzle-orm";
import { INGEST } from "../helpers/telemetry.js";
import { uniqueOrg, useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService(); // its own service: this file reaches into its database

const USAGE = `query($o: String!, $w: TimeWindowInput!) { playoutUsage(organization: $o, window: $w) { playoutId playoutName ip uptime downtime } }`;
const WINDOW = { from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z" };

async function setup() {
  const a = uniqueOrg("ta");
  const b = uniqueOrg("tb");
  return {
    a,
    b,
    adminA: t.client(await t.token(a, "admin")),
    adminB: t.client(await t.token(b, "admin")),
    adminAB: t.client(await t.token([a, b], "admin")),
    editorA: t.client(await t.token(a, "editor")),
    viewerA: t.client(await t.token(a, "viewer")),
  };
}

describe("ingestTelemetry", () => {
  it("upserts the registry by id, appends measurements and answers counts per kind", async () => {
    const { a, adminA, viewerA } = await setup();
    const first = await adminA.data(INGEST, {
      batch: {
        organizations: [{ organizationId: a, name: "A" }],
        channels: [{ channelId: `${a}-c`, organization: a }],
        playouts: [{ playoutId: `${a}-p`, organization: a, playoutName: "first", ip: "1.2.3.4" }],
        playoutSamples: [
          { playoutId: `${a}-p`, time: "2026-01-01T00:00:00Z", playback: 1 },
          { playoutId: `${a}-p`, time: "2026-01-01T00:01:00Z", playback: 1 },
        ],
        cacheDownloads: [{ organization: a, time: "2026-01-01T00:00:00Z", ip: "1.2.3.4", count: 1, size: 2 }],
        storageSnapshots: [{ organization: a, time: "2026-01-01T00:00:00Z", count: 1, size: 2 }],
        billingUsage: [{ organization: a, timeStamp: "2026-01-01T00:00:00Z" }],
        executions: [{ executionId: `${a}-e` }, { executionId: `${a}-e`, success: false }],
      },
    });
    expect(first.ingestTelemetry).toEqual({
      organizations: 1, providers: 0, channels: 1, playouts: 1, playoutSamples: 2, cacheDownloads: 1, storageSnapshots: 1, streamStats: 0, billingUsage: 1, executions: 1,
    });
    // A second batch renames the playout; fields it leaves out keep their value; samples add up.
    await adminA.data(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: a, playoutName: "second" }], playoutSamples: [{ playoutId: `${a}-p`, time: "2026-01-01T00:02:00Z", playback: 0 }] } });
    const { playoutUsage } = await viewerA.data(USAGE, { o: a, w: WINDOW });
    expect(playoutUsage).toEqual([{ playoutId: `${a}-p`, playoutName: "second", ip: "1.2.3.4", uptime: 120, downtime: 60 }]);
  });

  it("keeps ids and figures exactly, whatever characters the ids hold", async () => {
    const { a, adminA, viewerA } = await setup();
    const odd = `${a}-we"ird\\, {id} NULL 'x'`;
    await adminA.data(INGEST, { batch: { playouts: [{ playoutId: odd, organization: a, playoutName: "odd" }] } });
    await adminA.data(INGEST, { batch: { playoutSamples: [
      { playoutId: odd, time: "2026-01-01T00:00:00.123Z", playback: 1, cpu: 12.345678901, intervalSeconds: 7 },
      { playoutId: odd, time: "2026-01-01T00:00:30Z", playback: null, cpu: -1e-7 },
    ] } });
    const Q = `query($w: TimeWindowInput!) { playoutHistory(window: $w) { playoutId cpu playback } playoutUsage(organization: "${a}", window: $w) { uptime downtime } }`;
    const data = await viewerA.data(Q, { w: { ...WINDOW, playoutIds: [odd] } });
    // Averages are answered to two decimals (docs/REPORTING.md "Precision").
    expect(data.playoutHistory).toEqual([{ playoutId: odd, cpu: 6.17, playback: 1 }]);
    expect(data.playoutUsage).toEqual([{ uptime: 7, downtime: 60 }]);
  });

  it("needs the admin role", async () => {
    const { a, editorA, viewerA } = await setup();
    for (const client of [editorA, viewerA]) {
      const error = await client.error(INGEST, { batch: { organizations: [{ organizationId: a }] } });
      expect(error.extensions.code).toBe("FORBIDDEN");
    }
  });

  it("a record of an organization the token does not name is FORBIDDEN and nothing is written", async () => {
    const { a, b, adminA, adminB, viewerA } = await setup();
    const error = await adminA.error(INGEST, {
      batch: {
        playouts: [{ playoutId: `${a}-ok`, organization: a }],
        cacheDownloads: [{ organization: b, time: "2026-01-01T00:00:00Z", ip: "x" }],
      },
    });
    expect(error.extensions.code).toBe("FORBIDDEN");
    expect((await viewerA.data(`{ playoutHistoryGroups { providerId } }`)).playoutHistoryGroups).toEqual([]);
    // Another organization's registered playout: neither its record nor its samples.
    await adminB.data(INGEST, { batch: { playouts: [{ playoutId: `${b}-p`, organization: b }] } });
    expect((await adminA.error(INGEST, { batch: { playouts: [{ playoutId: `${b}-p`, organization: a }] } })).extensions.code).toBe("FORBIDDEN");
    // Samples of it answer as for a playout nobody registered (no existence oracle).
    expect((await adminA.error(INGEST, { batch: { playoutSamples: [{ playoutId: `${b}-p`, time: "2026-01-01T00:00:00Z" }] } })).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("a sample of an unknown playout rejects the whole batch with BAD_USER_INPUT", async () => {
    const { a, adminA, viewerA } = await setup();
    const error = await adminA.error(INGEST, {
      batch: {
        playouts: [{ playoutId: `${a}-new`, organization: a }],
        playoutSamples: [
          { playoutId: `${a}-new`, time: "2026-01-01T00:00:00Z", playback: 1 },
          { playoutId: `${a}-ghost`, time: "2026-01-01T00:00:00Z", playback: 1 },
        ],
        storageSnapshots: [{ organization: a, time: "2026-01-01T00:00:00Z", count: 1, size: 1 }],
      },
    });
    expect(error.extensions.code).toBe("BAD_USER_INPUT");
    expect(error.extensions.unknownPlayoutIds).toEqual([`${a}-ghost`]);
    expect((await viewerA.data(`{ playoutHistoryGroups { providerId } }`)).playoutHistoryGroups).toEqual([]);
    const storage = await viewerA.data(`query($o: String!, $w: TimeWindowInput!) { storageUsage(organization: $o, window: $w) { count } }`, { o: a, w: WINDOW });
    expect(storage.storageUsage).toEqual([]);
  });

  it("keeps a playout and its channel in one organization", async () => {
    const { a, b, adminA, adminB, adminAB } = await setup();
    await adminB.data(INGEST, { batch: { channels: [{ channelId: `${b}-c`, organization: b, channelName: "secret" }] } });
    expect((await adminA.error(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: a, channelId: `${b}-c` }] } })).extensions.code).toBe("FORBIDDEN");
    expect((await adminAB.error(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: a, channelId: `${b}-c` }] } })).extensions.code).toBe("BAD_USER_INPUT");
    // The other way round: a channel registered under the id that another organization's playout uses.
    await adminA.data(INGEST, { batch: { playouts: [{ playoutId: `${a}-q`, organization: a, channelId: `${a}-later` }] } });
    expect((await adminB.error(INGEST, { batch: { channels: [{ channelId: `${a}-later`, organization: b }] } })).extensions.code).toBe("FORBIDDEN");
    expect((await adminA.data(INGEST, { batch: { channels: [{ channelId: `${a}-later`, organization: a }] } })).ingestTelemetry.channels).toBe(1);
  });

  it("rejects a playout moving to another organization and bad intervals", async () => {
    const { a, b, adminAB } = await setup();
    await adminAB.data(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: a }] } });
    expect((await adminAB.error(INGEST, { batch: { playouts: [{ playoutId: `${a}-p`, organization: b }] } })).extensions.code).toBe("BAD_USER_INPUT");
    for (const intervalSeconds of [0, 86_401]) {
      const error = await adminAB.error(INGEST, { batch: { playoutSamples: [{ playoutId: `${a}-p`, time: "2026-01-01T00:00:00Z", intervalSeconds }] } });
      expect(error.extensions.code).toBe("BAD_USER_INPUT");
    }
  });

  it("the rollups (daily, hourly, mixed with raw edge hours) give the same figures as the raw samples (random batches)", async () => {
    const { a, adminA } = await setup();
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const playouts = [0, 1, 2, 3].map((i) => ({ playoutId: `${a}-p${i}`, organization: a }));
    await adminA.data(INGEST, { batch: { playouts } });
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let batch = 0; batch < 4; batch++) {
      const samples = Array.from({ length: 300 }, () => {
        const figure = () => (random() < 0.2 ? null : Math.round(random() * 10_000) / 100);
        return {
          playoutId: playouts[Math.floor(random() * playouts.length)].playoutId,
          time: new Date(start + Math.floor(random() * 3 * 86_400) * 1000).toISOString(),
          intervalSeconds: 1 + Math.floor(random() * 300),
          playback: random() < 0.3 ? 0 : random() < 0.1 ? null : 1,
          avmon: figure(), cache: figure(), connection: figure(), cpu: figure(), fileDescriptors: figure(), freeMemory: figure(), storage: figure(),
        };
      });
      await adminA.data(INGEST, { batch: { playoutSamples: samples } });
    }
    const service = new ReportingService(t.service.database.db);
    const viewer: Viewer = { userId: "test", orgs: [a], role: "viewer" };
    const windows = [
      { from: new Date(start), to: new Date(start + 3 * 86_400_000) },
      { from: new Date(start), to: new Date(start + 3 * 86_400_000), period: 1, periodType: PeriodType.DAYS },
      { from: new Date(start + 3_600_000), to: new Date(start + 50 * 3_600_000), period: 1, periodType: PeriodType.HOURS },
      { from: new Date(start), to: new Date(start + 72 * 3_600_000), period: 180, periodType: PeriodType.MINUTES, playoutIds: [`${a}-p1`, `${a}-p2`] },
      // Off the hour ("the last N days" from now): whole hours from the rollup, cut hours from raw samples.
      { from: new Date(start + 17 * 60_000 + 3_000), to: new Date(start + 53 * 3_600_000 + 180_000), period: 1, periodType: PeriodType.DAYS },
      { from: new Date(start + 17 * 60_000), to: new Date(start + 70 * 3_600_000), period: 2, periodType: PeriodType.HOURS },
      { from: new Date(start + 30 * 60_000), to: new Date(start + 71 * 3_600_000 + 1) },
      { from: new Date(start), to: new Date(start + 70 * 3_600_000), period: 90, periodType: PeriodType.MINUTES, playoutIds: [`${a}-p0`, `${a}-p3`] },
      { from: new Date(start + 1_000), to: new Date(start + 20 * 3_600_000), period: 20, periodType: PeriodType.MINUTES },
      // Whole UTC days from the daily rollup and the other hours from the hourly one: two-day
      // buckets, one bucket from 05:00 to 19:00 two days later, and local days in Asia/Kolkata.
      { from: new Date(start), to: new Date(start + 3 * 86_400_000), period: 2, periodType: PeriodType.DAYS },
      { from: new Date(start + 5 * 3_600_000), to: new Date(start + 67 * 3_600_000) },
      { from: new Date(start - 5.5 * 3_600_000), to: new Date(start + 66.5 * 3_600_000), period: 2, periodType: PeriodType.DAYS, timeZone: "Asia/Kolkata" },
    ];
    expect(windows.map((w) => sourceFor(parseWindow(w)))).toEqual(["rollup", "rollup", "rollup", "rollup", "hybrid", "hybrid", "hybrid", "hybrid", "raw", "rollup", "rollup", "hybrid"]);
    expect(windows.map((w) => wholeDayRanges(parseWindow(w)).length)).toEqual([1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1]);
    // The daily rollup holds, per playout per UTC day, the sums of its hours.
    const sums = "sum(up_seconds)::int8 as up, sum(down_seconds)::int8 as down, sum(samples)::int8 as samples, sum(n_cpu)::int8 as n_cpu, round(sum(sum_cpu)::numeric, 6)::text as cpu";
    const daily = await queryRows(t.service.database.db, sql`select playout_id, day, ${sql.raw(sums)} from playout_daily where organization = ${a} group by 1, 2 order by 1, 2`);
    const hourly = await queryRows(
      t.service.database.db,
      sql`select playout_id, date_bin(interval '1 day', hour, timestamptz '2000-01-01Z') as day, ${sql.raw(sums)} from playout_hourly where organization = ${a} group by 1, 2 order by 1, 2`,
    );
    expect(daily.length).toBeGreaterThanOrEqual(12);
    expect(daily).toEqual(hourly);
    let compared = 0;
    for (const window of windows) {
      const raw = await service.playoutHistory(viewer, { window }, "raw");
      const rollup = await service.playoutHistory(viewer, { window });
      expect(raw.length).toBeGreaterThan(0);
      expect(rollup.map((r) => [r.playoutId, r.time.toISOString()])).toEqual(raw.map((r) => [r.playoutId, r.time.toISOString()]));
      for (const [i, r] of raw.entries()) {
        for (const key of ["avmon", "cache", "connection", "cpu", "fileDescriptors", "freeMemory", "playback", "storage"] as const) {
          if (r[key] === null) expect(rollup[i][key]).toBeNull();
          else expect(rollup[i][key]).toBeCloseTo(r[key]!, 9);
          compared++;
        }
      }
      expect(await service.playoutUsage(viewer, a, window)).toEqual(await service.playoutUsage(viewer, a, window, "raw"));
      expect(await service.channelUptime(viewer, { window })).toEqual(await service.channelUptime(viewer, { window }, "raw"));
      expect(await service.uptimeTotals(viewer, a, window)).toEqual(await service.uptimeTotals(viewer, a, window, "raw"));
    }
    expect(compared).toBeGreaterThan(500);
    const totals = await service.uptimeTotals(viewer, a, windows[0], "raw");
    expect(totals.totalUptime + totals.totalDowntime).toBeGreaterThan(0);
  });
});
