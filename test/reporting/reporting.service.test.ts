// ReportingService called directly with a Viewer (no HTTP, no GraphQL), over test/helpers/telemetry.ts's
// known batch ingested through TelemetryService: the figures O1–O20 worked out by hand, windows and
// their refusals, who sees which organization, and the billing runs (the slice's only write).
// test/reporting/reporting.test.ts covers the same over GraphQL.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Viewer } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import { PeriodType, type TimeWindowInput } from "../../src/reporting/types.js";
import { appError, useServices, viewerOf } from "../helpers/services.js";
import { uniqueOrg } from "../helpers/service.js";
import { fixtureBatch } from "../helpers/telemetry.js";

const bed = useServices();
const T0 = Date.parse("2026-03-02T00:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const ms = (d: Date) => (d.getTime() - T0) / 60_000;

const whole = (): TimeWindowInput => ({ from: at(0), to: at(120) });
const hourly = (): TimeWindowInput => ({ from: at(0), to: at(120), period: 1, periodType: PeriodType.HOURS });

const a = uniqueOrg("ra");
const b = uniqueOrg("rb");
const id = (name: string) => `${a}-${name}`;
const viewerA = viewerOf(a, "viewer");
const admin = viewerOf([a, b], "admin");
const platform: Viewer = { userId: "platform", orgs: "*", role: "admin" };

/**
 * test/helpers/telemetry.ts's fixture. Organization A: p1 (c1, pv1, MAIN), p2 (c1, pv1, BACKUP),
 * p3 (c2, pv2, MAIN); organization B: q1. Samples (60 s unless said): p1 up 0m, up 1m, down 2m,
 * up 60m (120 s); p2 down 0m, up 30m (300 s); p3 up 90m; q1 up 0m.
 */
beforeAll(async () => {
  await bed.services.telemetry.ingest(platform, { providers: [{ providerId: id("pv1"), providerName: "Provider One" }, { providerId: id("pv2"), providerName: "Provider Two" }] });
  await bed.services.telemetry.ingest(admin, fixtureBatch(a, id, b, at, (text) => new Date(text)));
});

const billingRows = async () =>
  queryRows<{ organization: string; time_stamp: Date | string; playout_uptime: number; storage_amount: number; bandwidth: number; platform: number; reported: boolean }>(
    bed.handle.db,
    sql`select organization, time_stamp, playout_uptime, storage_amount, bandwidth, platform, reported from billing_usage where organization in (${a}, ${b}) order by organization, time_stamp`,
  );

describe("ReportingService figures", () => {
  it("O5 playoutUsage: the whole window, hourly buckets, minute buckets aligned on from, playoutIds; O4 licenceUsage", async () => {
    const all = await bed.services.reporting.playoutUsage(viewerA, a, whole());
    expect(all.map((r) => [r.playoutId, r.uptime, r.downtime, ms(r.timeStamp)])).toEqual([[id("p1"), 240, 60, 0], [id("p2"), 300, 60, 0], [id("p3"), 60, 0, 0]]);
    expect(all[0]).toMatchObject({ playoutName: "P One", organization: a, ip: "10.0.0.1", port: "8080", instanceType: "c5.large", templateType: "hd" });
    const hours = await bed.services.reporting.playoutUsage(viewerA, a, hourly());
    expect(hours.map((r) => [ms(r.timeStamp), r.playoutId, r.uptime, r.downtime])).toEqual([[0, id("p1"), 120, 60], [0, id("p2"), 300, 60], [60, id("p1"), 120, 0], [60, id("p3"), 60, 0]]);
    const minutes = await bed.services.reporting.playoutUsage(viewerA, a, { from: at(-0.5), to: at(2.5), period: 1, periodType: PeriodType.MINUTES, playoutIds: [id("p1")] });
    expect(minutes.map((r) => [ms(r.timeStamp), r.uptime, r.downtime])).toEqual([[-0.5, 60, 0], [0.5, 60, 0], [1.5, 0, 60]]);
    // The hourly rollup and the raw samples agree.
    expect(await bed.services.reporting.playoutUsage(viewerA, a, hourly(), "raw")).toEqual(hours);
    const licences = await bed.services.reporting.licenceUsage(viewerA, a, whole());
    expect(licences[0]).toMatchObject({ playoutId: id("p1"), licenceId: "L1", licenceName: "Licence 1", licenceMode: "FULL", playoutLicenceId: "PL1", playoutType: "CLOUD", resolution: "1080p", uptime: 240, downtime: 60 });
    expect(licences.map((r) => r.uptime)).toEqual([240, 300, 60]);
  });

  it("O2 playoutHistory averages the figures, fills only includeData, filters by provider and channel; O3 groups by provider; O16 sums per channel", async () => {
    const all = await bed.services.reporting.playoutHistory(viewerA, { window: whole() });
    expect(all.map((r) => [r.playoutId, r.cpu, r.avmon, r.playback])).toEqual([[id("p1"), 25, 0.5, 0.75], [id("p2"), 50, null, 1], [id("p3"), 5, null, 1]]);
    expect(all[0]).toMatchObject({ playoutMode: "MAIN", organizationName: "Org A", providerName: "Provider One", channelName: "Channel One", storage: null });
    const cpu = await bed.services.reporting.playoutHistory(viewerA, { window: hourly(), includeData: ["cpu"] });
    expect(cpu.map((r) => [ms(r.time), r.playoutId, r.cpu, r.avmon, r.playback])).toEqual([[0, id("p1"), 20, null, null], [0, id("p2"), 50, null, null], [60, id("p1"), 40, null, null], [60, id("p3"), 5, null, null]]);
    expect((await bed.services.reporting.playoutHistory(viewerA, { window: whole(), providerId: id("pv2") })).map((r) => r.playoutId)).toEqual([id("p3")]);
    expect((await bed.services.reporting.playoutHistory(viewerA, { window: whole(), channelIds: [id("c1")] })).map((r) => r.playoutId)).toEqual([id("p1"), id("p2")]);
    expect((await appError(bed.services.reporting.playoutHistory(viewerA, { window: whole(), includeData: ["cpu", "nope"] }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "includeData" });
    const groups = await bed.services.reporting.playoutHistoryGroups(viewerA);
    expect(groups.map((g) => [g.providerId, g.names, g.organizations.flatMap((o) => o.playouts.map((p) => p.playoutId))])).toEqual([
      [id("pv1"), ["Provider One"], [id("p1"), id("p2")]],
      [id("pv2"), ["Provider Two"], [id("p3")]],
    ]);
    const channels = await bed.services.reporting.channelUptime(viewerA, { window: whole() });
    expect(channels.map((r) => [r.channelId, r.uptime, r.playoutId, r.providerName])).toEqual([[id("c1"), 540, null, "Provider One"], [id("c2"), 60, id("p3"), "Provider Two"]]);
  });

  it("O1 cacheDownloads and its page, O7 playoutNamesByIp, O10 storageUsage, O19 uptimeTotals", async () => {
    const downloads = await bed.services.reporting.cacheDownloads(viewerA, a, whole());
    expect(downloads).toEqual([
      { ip: "10.0.0.1", port: "8080", count: 5, size: 1500, playoutNames: ["Cache Only", "P One"] },
      { ip: "10.0.0.2", port: null, count: 1, size: 100, playoutNames: ["P Two"] },
    ]);
    const page = await bed.services.reporting.cacheDownloadPage(viewerA, a, whole(), 1, 1);
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, content: [downloads[1]] });
    expect(await bed.services.reporting.playoutNamesByIp(viewerA, "10.0.0.1", a, whole())).toEqual(["Cache Only", "P One", "P Three"]);
    expect(await bed.services.reporting.playoutNamesByIp(viewerA, "10.0.0.1", a, { from: at(0), to: at(60) })).toEqual(["Cache Only", "P One"]);
    expect((await bed.services.reporting.storageUsage(viewerA, a, hourly())).map((r) => [r.count, r.size, ms(r.timeStamp)])).toEqual([[12, 1200, 0], [11, 900, 60]]);
    expect(await bed.services.reporting.uptimeTotals(viewerA, a, whole())).toEqual({
      totalUptime: 600, totalDowntime: 120, activeOnPeriodStart: 1, inActiveOnPeriodStart: 1, activeOnPeriodEnd: 0, inActiveOnPeriodEnd: 0,
    });
    expect(await bed.services.reporting.uptimeTotals(viewerA, a, { from: at(2.5), to: at(91) })).toEqual({
      totalUptime: 480, totalDowntime: 0, activeOnPeriodStart: 0, inActiveOnPeriodStart: 1, activeOnPeriodEnd: 1, inActiveOnPeriodEnd: 0,
    });
  });

  it("O15, O17, O18, O20: the organizations the caller may see, and a summary of each", async () => {
    expect((await bed.services.reporting.organizations(viewerA)).map((o) => [o.organizationId, o.name, o.city, o.productCode])).toEqual([[a, "Org A", "Oslo", "PC-A"]]);
    expect(await bed.services.reporting.organizationIds(viewerA)).toEqual([a]);
    expect(await bed.services.reporting.organizationIds(admin)).toEqual([a, b].sort());
    // A token's organization counts even before the registry knows it.
    const newcomer = uniqueOrg("new");
    expect(await bed.services.reporting.organizationIds(viewerOf(newcomer, "viewer"))).toEqual([newcomer]);
    const [summary] = await bed.services.reporting.organizationSummaries(viewerA);
    expect(summary).toMatchObject({
      organizationId: a, organizationName: "Org A", totalAccounts: 4, totalPlayouts: 3, cloudPlayouts: 2, playoutSummary: { BACKUP: 1, MAIN: 2 },
      mediaStoreUsage: { mediaStoreItemCount: 11, mediaStoreSize: 900 },
    });
    expect(await bed.services.reporting.organizationSummary(viewerA)).toEqual(summary);
    expect((await bed.services.reporting.organizationSummary(admin, b)).totalPlayouts).toBe(1);
  });

  it("O11, O13: executions by UTC day, newest first, a page of whole days; the latest stream statistics per region", async () => {
    const e = (n: string) => `${a}-exec-${n}`;
    for (const [n, time, success] of [["1", "2031-05-01T10:00:00Z", true], ["2", "2031-05-01T12:00:00Z", false], ["3", "2031-05-02T01:00:00Z", true]] as const) {
      await bed.services.telemetry.reportExecution(admin, { organization: a, executionId: e(n), executionTime: new Date(time), success });
    }
    const days = await bed.services.reporting.executionDays(viewerA, new Date("2031-05-01T00:00:00Z"), new Date("2031-05-03T00:00:00Z"));
    expect(days.map((d) => [d.executionDate.toISOString(), d.success, d.executions.map((x) => x.executionId)])).toEqual([
      ["2031-05-02T00:00:00.000Z", true, [e("3")]],
      ["2031-05-01T00:00:00.000Z", false, [e("2"), e("1")]],
    ]);
    const second = await bed.services.reporting.executionDayPage(viewerA, new Date("2031-05-01T00:00:00Z"), null, 1, 1);
    expect(second).toMatchObject({ totalElements: 2, number: 1 });
    expect(second.content.map((d) => d.executions.length)).toEqual([2]);
    expect((await appError(bed.services.reporting.executionDays(viewerA, new Date("2031-05-02T00:00:00Z"), new Date("2031-05-01T00:00:00Z")), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "from" });
    // B's caller sees none of A's executions.
    expect(await bed.services.reporting.executionDays(viewerOf(b, "viewer"), new Date("2031-05-01T00:00:00Z"))).toEqual([]);
    const region = (n: string) => `${a}-region-${n}`;
    await bed.services.telemetry.ingest(platform, { streamStats: [
      { region: region("eu"), time: at(0), activeStreamCount: 1, streamCount: 2 },
      { region: region("eu"), time: at(60), activeStreamCount: 3, streamCount: 4 },
      { region: region("us"), time: at(0), activeStreamCount: 5 },
    ] });
    const mine = (await bed.services.reporting.regionStreamStats(viewerA)).filter((r) => r.region.startsWith(a));
    expect(mine.map((r) => [r.region, r.activeStreamCount, r.streamCount])).toEqual([[region("eu"), 3, 4], [region("us"), 5, null]]);
  });

  it("refuses bad windows with BAD_USER_INPUT naming the argument; another organization's playout is unknown here", async () => {
    const cases: [TimeWindowInput, string][] = [
      [{ from: at(60), to: at(60) }, "window"],
      [{ from: at(60), to: at(0) }, "window"],
      [{ from: at(0), to: at(60), period: 1 }, "window"],
      [{ from: at(0), to: at(60), period: 0, periodType: PeriodType.HOURS }, "window.period"],
      [{ from: at(0), to: at(7 * 1440), period: 1, periodType: PeriodType.MINUTES }, "window"],
      [{ from: at(0), to: at(60), timeZone: "Mars/Olympus" }, "window.timeZone"],
      [{ from: new Date(Number.NaN), to: at(60) }, "window.from"],
      [{ from: at(0), to: at(60), playoutIds: [" "] }, "window.playoutIds"],
      [{ from: at(0), to: at(60), playoutIds: [id("nope")] }, "window.playoutIds"],
      [{ from: at(0), to: at(60), playoutIds: [id("q1")] }, "window.playoutIds"],
    ];
    for (const [window, argument] of cases) {
      const error = await appError(bed.services.reporting.playoutUsage(viewerA, a, window), "BAD_USER_INPUT");
      expect(error.extensions, JSON.stringify(window)).toMatchObject({ argument });
    }
    expect((await appError(bed.services.reporting.cacheDownloadPage(viewerA, a, whole(), 0, 1001), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "size" });
    // Buckets of local days (Asia/Kolkata, +05:30): the first runs from `from` to the next local midnight (18:30Z) and holds every sample.
    const days = await bed.services.reporting.playoutUsage(viewerA, a, { from: at(0), to: at(3 * 1440), period: 1, periodType: PeriodType.DAYS, timeZone: "Asia/Kolkata" });
    expect(days.map((r) => ms(r.timeStamp))).toEqual([0, 0, 0]);
    expect(days.map((r) => r.uptime)).toEqual([240, 300, 60]);
  });

  it("keeps another organization's figures out: naming it is FORBIDDEN, and what a caller sees never holds it", async () => {
    for (const work of [
      bed.services.reporting.playoutUsage(viewerA, b, whole()),
      bed.services.reporting.cacheDownloads(viewerA, b, whole()),
      bed.services.reporting.storageUsage(viewerA, b, whole()),
      bed.services.reporting.uptimeTotals(viewerA, b, whole()),
      bed.services.reporting.playoutNamesByIp(viewerA, "10.0.0.1", b, whole()),
      bed.services.reporting.playoutUptime(viewerA, [b], whole()),
      bed.services.reporting.playoutHistory(viewerA, { window: whole(), organizations: [a, b] }),
      bed.services.reporting.playoutHistoryGroups(viewerA, [b]),
      bed.services.reporting.organizationSummary(viewerA, b),
    ]) {
      await appError(work, "FORBIDDEN");
    }
    expect((await bed.services.reporting.playoutUptime(viewerA, null, whole())).map((r) => r.organization)).toEqual([a, a, a]);
    expect((await bed.services.reporting.playoutUptime(admin, [b], whole())).map((r) => [r.playoutId, r.uptime])).toEqual([[id("q1"), 60]]);
    // An ip both organizations use: A's names only.
    expect(await bed.services.reporting.playoutNamesByIp(viewerA, "10.0.0.1", a, whole())).not.toContain("Q One");
  });
});

describe("ReportingService billing runs (O8, O9, O14)", () => {
  it("write one DAILY record per organization per UTC day, repeat without duplicates, and keep reported; admin only", async () => {
    const day: TimeWindowInput = { from: new Date("2026-03-02T00:00:00Z"), to: new Date("2026-03-03T00:00:00Z") };
    expect(await bed.services.reporting.generateBillingUsage(admin, a, { from: at(0), to: at(60) })).toEqual({ organizations: 1, records: 1 });
    const expected = { organization: a, type: "DAILY", customerId: "CUST-A", productCode: "PC-A", playoutUptime: 600, storageAmount: 1200, bandwidth: 6600, platform: 3, reported: false };
    expect(await bed.services.reporting.billingUsage(viewerA, day)).toMatchObject([expected]);
    await bed.services.telemetry.ingest(admin, { billingUsage: [{ organization: a, timeStamp: new Date("2026-03-02T00:00:00Z"), playoutUptime: 1, reported: true }] });
    expect(await bed.services.reporting.generateAllBillingUsage(admin, day)).toEqual({ organizations: 2, records: 2 });
    expect(await bed.services.reporting.billingUsage(viewerA, day)).toMatchObject([{ ...expected, reported: true }]);
    const both = await bed.services.reporting.billingUsagePage(admin, day, 0, 10);
    expect(both.content.map((r) => [r.organization, r.playoutUptime, r.platform])).toEqual([[a, 600, 3], [b, 60, 1]].sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
    for (const role of ["viewer", "editor", "playout"] as const) {
      await appError(bed.services.reporting.generateBillingUsage(viewerOf(a, role), a, day), "FORBIDDEN");
      await appError(bed.services.reporting.generateAllBillingUsage(viewerOf(a, role), day), "FORBIDDEN");
    }
    await appError(bed.services.reporting.generateBillingUsage(viewerOf(a, "admin"), b, day), "FORBIDDEN");
  });

  it("nothing is half-written: a refused run (too many days, a bad window, a non-admin) leaves the stored records as they were", async () => {
    const before = await billingRows();
    const longAgo = new Date("1990-01-01T00:00:00Z");
    expect((await appError(bed.services.reporting.generateBillingUsage(admin, a, { from: longAgo, to: new Date("2026-03-03T00:00:00Z") }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "window" });
    await appError(bed.services.reporting.generateAllBillingUsage(admin, { from: at(60), to: at(0) }), "BAD_USER_INPUT");
    await appError(bed.services.reporting.generateAllBillingUsage(viewerOf([a, b], "editor"), { from: at(0), to: at(60) }), "FORBIDDEN");
    expect(await billingRows()).toEqual(before);
  });
});
