import { beforeAll, describe, expect, it } from "vitest";
import { at, INGEST, loadFixture, type Fixture } from "../helpers/telemetry.js";
import { useTestService } from "../helpers/service.js";

const t = useTestService();
let f: Fixture;
beforeAll(async () => {
  f = await loadFixture(t);
});

const whole = () => ({ from: at(0), to: at(120) });
const hourly = () => ({ from: at(0), to: at(120), period: 1, periodType: "HOURS" });

const USAGE = `query($o: String!, $w: TimeWindowInput!) { playoutUsage(organization: $o, window: $w) {
  playoutId playoutName organization ip port instanceType templateType uptime downtime timeStamp } }`;

describe("reporting figures from a known batch", () => {
  it("O5 playoutUsage: whole window, hourly buckets, minute buckets, playoutIds", async () => {
    const { playoutUsage: all } = await f.viewerA.data(USAGE, { o: f.a, w: whole() });
    expect(all.map((r: any) => [r.playoutId, r.uptime, r.downtime, r.timeStamp])).toEqual([
      [f.id("p1"), 240, 60, at(0)],
      [f.id("p2"), 300, 60, at(0)],
      [f.id("p3"), 60, 0, at(0)],
    ]);
    expect(all[0]).toMatchObject({ playoutName: "P One", organization: f.a, ip: "10.0.0.1", port: "8080", instanceType: "c5.large", templateType: "hd" });
    const { playoutUsage: hours } = await f.viewerA.data(USAGE, { o: f.a, w: hourly() });
    expect(hours.map((r: any) => [r.timeStamp, r.playoutId, r.uptime, r.downtime])).toEqual([
      [at(0), f.id("p1"), 120, 60],
      [at(0), f.id("p2"), 300, 60],
      [at(60), f.id("p1"), 120, 0],
      [at(60), f.id("p3"), 60, 0],
    ]);
    // Every bucket's record carries its playout's organization and registry columns (the statement sends them once a playout).
    const registry = (r: any) => ({ ...r, uptime: undefined, downtime: undefined, timeStamp: undefined });
    const byPlayout = new Map(all.map((r: any) => [r.playoutId, registry(r)]));
    for (const r of hours) expect(registry(r)).toEqual(byPlayout.get(r.playoutId));
    // Minute buckets aligned on a from that is not on the minute: 0m..1m30 holds the samples of 0m and 1m.
    const { playoutUsage: minutes } = await f.viewerA.data(USAGE, { o: f.a, w: { from: at(-0.5), to: at(2.5), period: 1, periodType: "MINUTES", playoutIds: [f.id("p1")] } });
    expect(minutes.map((r: any) => [r.timeStamp, r.uptime, r.downtime])).toEqual([
      [at(-0.5), 60, 0],
      [at(0.5), 60, 0],
      [at(1.5), 0, 60],
    ]);
  });

  it("a sample on a bucket edge belongs to the bucket it starts; empty buckets are omitted", async () => {
    const { playoutUsage } = await f.viewerA.data(USAGE, { o: f.a, w: { from: at(0), to: at(240), period: 30, periodType: "MINUTES", playoutIds: [f.id("p1")] } });
    expect(playoutUsage.map((r: any) => [r.timeStamp, r.uptime, r.downtime])).toEqual([
      [at(0), 120, 60],
      [at(60), 120, 0],
    ]);
  });

  it("the hourly rollup and the raw samples give the same figures", async () => {
    const Q = `query($w: TimeWindowInput!) { playoutHistory(window: $w) { playoutId time avmon cpu playback } playoutUptime(window: $w) { playoutId uptime downtime } }`;
    const aligned = await f.viewerA.data(Q, { w: whole() }); // whole hours: rollup
    const unaligned = await f.viewerA.data(Q, { w: { from: at(-30), to: at(120) } }); // raw samples, none before 0m
    const strip = (rows: any[]) => rows.map(({ time: _time, ...rest }) => rest);
    expect(strip(unaligned.playoutHistory)).toEqual(strip(aligned.playoutHistory));
    expect(unaligned.playoutUptime).toEqual(aligned.playoutUptime);
  });

  it("O2 playoutHistory: averages, includeData, provider and channel filters", async () => {
    const Q = `query($w: TimeWindowInput!, $inc: [String!], $pv: String, $ch: [String!]) {
      playoutHistory(window: $w, includeData: $inc, providerId: $pv, channelIds: $ch) {
        playoutId playoutName playoutMode organization organizationName providerId providerName channelId channelName
        avmon cache connection cpu fileDescriptors freeMemory playback storage time timeStamp } }`;
    const { playoutHistory: all } = await f.viewerA.data(Q, { w: whole() });
    expect(all.map((r: any) => [r.playoutId, r.cpu, r.avmon, r.playback])).toEqual([
      [f.id("p1"), 25, 0.5, 0.75],
      [f.id("p2"), 50, null, 1],
      [f.id("p3"), 5, null, 1],
    ]);
    expect(all[0]).toMatchObject({ playoutName: "P One", playoutMode: "MAIN", organization: f.a, organizationName: "Org A", providerId: f.id("pv1"), providerName: "Provider One", channelId: f.id("c1"), channelName: "Channel One", time: at(0), timeStamp: at(0), storage: null });
    const { playoutHistory: cpuOnly } = await f.viewerA.data(Q, { w: hourly(), inc: ["cpu"] });
    expect(cpuOnly.map((r: any) => [r.time, r.playoutId, r.cpu, r.avmon, r.playback])).toEqual([
      [at(0), f.id("p1"), 20, null, null],
      [at(0), f.id("p2"), 50, null, null],
      [at(60), f.id("p1"), 40, null, null],
      [at(60), f.id("p3"), 5, null, null],
    ]);
    const { playoutHistory: pv2 } = await f.viewerA.data(Q, { w: whole(), pv: f.id("pv2") });
    expect(pv2.map((r: any) => r.playoutId)).toEqual([f.id("p3")]);
    const { playoutHistory: c1 } = await f.viewerA.data(Q, { w: whole(), ch: [f.id("c1")] });
    expect(c1.map((r: any) => r.playoutId)).toEqual([f.id("p1"), f.id("p2")]);
    const bad = await f.viewerA.error(Q, { w: whole(), inc: ["cpu", "nope"] });
    expect(bad.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("O3 playoutHistoryGroups: per provider, with every name seen", async () => {
    await f.platform.data(INGEST, { batch: { providers: [{ providerId: f.id("pv1"), providerName: "Provider 1" }] } });
    const Q = `query($orgs: [String!], $pv: String) { playoutHistoryGroups(organizations: $orgs, providerId: $pv) {
      providerId names organizations { organizationId names playouts { playoutId names modes channels { channelId names } } } } }`;
    const { playoutHistoryGroups: groups } = await f.viewerA.data(Q, {});
    expect(groups).toEqual([
      {
        providerId: f.id("pv1"),
        names: ["Provider 1", "Provider One"],
        organizations: [{ organizationId: f.a, names: ["Org A"], playouts: [
          { playoutId: f.id("p1"), names: ["P One"], modes: ["MAIN"], channels: [{ channelId: f.id("c1"), names: ["Channel One"] }] },
          { playoutId: f.id("p2"), names: ["P Two"], modes: ["BACKUP"], channels: [{ channelId: f.id("c1"), names: ["Channel One"] }] },
        ] }],
      },
      {
        providerId: f.id("pv2"),
        names: ["Provider Two"],
        organizations: [{ organizationId: f.a, names: ["Org A"], playouts: [
          { playoutId: f.id("p3"), names: ["P Three"], modes: ["MAIN"], channels: [{ channelId: f.id("c2"), names: ["Channel Two"] }] },
        ] }],
      },
    ]);
    const { playoutHistoryGroups: only } = await f.viewerA.data(Q, { pv: f.id("pv2") });
    expect(only.map((g: any) => g.providerId)).toEqual([f.id("pv2")]);
    // Restore the name the other tests expect.
    await f.platform.data(INGEST, { batch: { providers: [{ providerId: f.id("pv1"), providerName: "Provider One" }] } });
  });

  it("O4 licenceUsage per playout licence per bucket", async () => {
    const Q = `query($o: String!, $w: TimeWindowInput!) { licenceUsage(organization: $o, window: $w) {
      playoutId licenceId licenceName licenceMode playoutLicenceId playoutType resolution playoutIp playoutPort playoutMode playoutName organization uptime downtime time } }`;
    const { licenceUsage } = await f.viewerA.data(Q, { o: f.a, w: whole() });
    expect(licenceUsage[0]).toEqual({
      playoutId: f.id("p1"), licenceId: "L1", licenceName: "Licence 1", licenceMode: "FULL", playoutLicenceId: "PL1", playoutType: "CLOUD", resolution: "1080p",
      playoutIp: "10.0.0.1", playoutPort: "8080", playoutMode: "MAIN", playoutName: "P One", organization: f.a, uptime: 240, downtime: 60, time: at(0),
    });
    expect(licenceUsage.map((r: any) => r.uptime)).toEqual([240, 300, 60]);
  });

  it("O6 playoutUptime covers the organizations named or all visible ones, never another's", async () => {
    const Q = `query($orgs: [String!], $w: TimeWindowInput!) { playoutUptime(organizations: $orgs, window: $w) { playoutId organization uptime } }`;
    const { playoutUptime } = await f.viewerA.data(Q, { w: whole() });
    expect(playoutUptime.map((r: any) => r.organization)).toEqual([f.a, f.a, f.a]);
    const both = await f.admin.data(Q, { w: whole() });
    expect(both.playoutUptime.map((r: any) => [r.playoutId, r.uptime])).toContainEqual([f.id("q1"), 60]);
    const onlyB = await f.admin.data(Q, { orgs: [f.b], w: whole() });
    expect(onlyB.playoutUptime.map((r: any) => r.playoutId)).toEqual([f.id("q1")]);
    expect((await f.viewerA.error(Q, { orgs: [f.b], w: whole() })).extensions.code).toBe("FORBIDDEN");
  });

  it("O1 cacheDownloads and O7 playoutNamesByIp", async () => {
    const Q = `query($o: String!, $w: TimeWindowInput!) { cacheDownloads(organization: $o, window: $w) { ip port count size playoutNames } }`;
    const { cacheDownloads } = await f.viewerA.data(Q, { o: f.a, w: whole() });
    expect(cacheDownloads).toEqual([
      { ip: "10.0.0.1", port: "8080", count: 5, size: 1500, playoutNames: ["Cache Only", "P One"] },
      { ip: "10.0.0.2", port: null, count: 1, size: 100, playoutNames: ["P Two"] },
    ]);
    const N = `query($ip: String!, $o: String!, $w: TimeWindowInput!) { playoutNamesByIp(ip: $ip, organization: $o, window: $w) }`;
    expect((await f.viewerA.data(N, { ip: "10.0.0.1", o: f.a, w: whole() })).playoutNamesByIp).toEqual(["Cache Only", "P One", "P Three"]);
    expect((await f.viewerA.data(N, { ip: "10.0.0.1", o: f.a, w: { from: at(0), to: at(60) } })).playoutNamesByIp).toEqual(["Cache Only", "P One"]);
  });

  it("O10 storageUsage: the latest snapshot inside each bucket", async () => {
    const Q = `query($o: String!, $w: TimeWindowInput!) { storageUsage(organization: $o, window: $w) { organization count size timeStamp } }`;
    const { storageUsage } = await f.viewerA.data(Q, { o: f.a, w: hourly() });
    expect(storageUsage).toEqual([
      { organization: f.a, count: 12, size: 1200, timeStamp: at(0) },
      { organization: f.a, count: 11, size: 900, timeStamp: at(60) },
    ]);
  });

  it("O16 channelUptime sums the channel's playouts", async () => {
    const Q = `query($w: TimeWindowInput!, $ch: [String!]) { channelUptime(window: $w, channelIds: $ch) {
      channelId channelName organization organizationName playoutId playoutName providerId providerName time timeStamp uptime } }`;
    const { channelUptime } = await f.viewerA.data(Q, { w: whole() });
    expect(channelUptime).toEqual([
      { channelId: f.id("c1"), channelName: "Channel One", organization: f.a, organizationName: "Org A", playoutId: null, playoutName: null, providerId: f.id("pv1"), providerName: "Provider One", time: at(0), timeStamp: at(0), uptime: 540 },
      { channelId: f.id("c2"), channelName: "Channel Two", organization: f.a, organizationName: "Org A", playoutId: f.id("p3"), playoutName: "P Three", providerId: f.id("pv2"), providerName: "Provider Two", time: at(0), timeStamp: at(0), uptime: 60 },
    ]);
    const hourlyC1 = await f.viewerA.data(Q, { w: hourly(), ch: [f.id("c1")] });
    expect(hourlyC1.channelUptime.map((r: any) => [r.time, r.uptime, r.playoutId])).toEqual([
      [at(0), 420, null],
      [at(60), 120, f.id("p1")],
    ]);
  });

  it("O19 uptimeTotals: totals and states at the window's edges", async () => {
    const Q = `query($o: String!, $w: TimeWindowInput!) { uptimeTotals(organization: $o, window: $w) {
      totalUptime totalDowntime activeOnPeriodStart inActiveOnPeriodStart activeOnPeriodEnd inActiveOnPeriodEnd } }`;
    expect((await f.viewerA.data(Q, { o: f.a, w: whole() })).uptimeTotals).toEqual({
      totalUptime: 600, totalDowntime: 120, activeOnPeriodStart: 1, inActiveOnPeriodStart: 1, activeOnPeriodEnd: 0, inActiveOnPeriodEnd: 0,
    });
    // to = 91m: the last second (90m59s) is covered by p3's up sample of 90m; from = 2m30s is covered by p1's down sample.
    expect((await f.viewerA.data(Q, { o: f.a, w: { from: at(2.5), to: at(91) } })).uptimeTotals).toEqual({
      totalUptime: 480, totalDowntime: 0, activeOnPeriodStart: 0, inActiveOnPeriodStart: 1, activeOnPeriodEnd: 1, inActiveOnPeriodEnd: 0,
    });
  });

  it("O15, O17, O18, O20: organizations the caller may see", async () => {
    const Q = `{ organizations { organizationId name city productCode vendorMarketplaceIdentifier deleted enabled time timeStamp address }
      organizationIds
      organizationSummaries { id organizationId organizationName organizationCreateDate totalAccounts totalPlayouts cloudPlayouts playoutSummary
        mediaStoreUsage { mediaStoreItemCount mediaStoreSize } ingestUsageInfo { ingestSources totalFilesIngested totalVolumeIngested } } }`;
    const data = await f.viewerA.data(Q);
    expect(data.organizations).toEqual([
      { organizationId: f.a, name: "Org A", city: "Oslo", productCode: "PC-A", vendorMarketplaceIdentifier: "CUST-A", deleted: false, enabled: true, time: "2025-03-02T00:00:00.000Z", timeStamp: null, address: null },
    ]);
    expect(data.organizationIds).toEqual([f.a]);
    const summary = {
      id: f.a, organizationId: f.a, organizationName: "Org A", organizationCreateDate: "2025-03-02T00:00:00.000Z", totalAccounts: 4, totalPlayouts: 3, cloudPlayouts: 2,
      playoutSummary: { BACKUP: 1, MAIN: 2 }, mediaStoreUsage: { mediaStoreItemCount: 11, mediaStoreSize: 900 }, ingestUsageInfo: { ingestSources: 0, totalFilesIngested: 0, totalVolumeIngested: 0 },
    };
    expect(data.organizationSummaries).toEqual([summary]);
    const one = await f.viewerA.data(`{ organizationSummary { organizationId totalPlayouts mediaStoreUsage { mediaStoreSize } } }`);
    expect(one.organizationSummary).toEqual({ organizationId: f.a, totalPlayouts: 3, mediaStoreUsage: { mediaStoreSize: 900 } });
    const adminIds = (await f.admin.data(`{ organizationIds }`)).organizationIds;
    expect(adminIds).toEqual([f.a, f.b].sort());
    expect((await f.viewerA.error(`query($o: String) { organizationSummary(organization: $o) { id } }`, { o: f.b })).extensions.code).toBe("FORBIDDEN");
  });

  it("O8, O9, O14: billing runs write one record per organization per UTC day and repeat without duplicates", async () => {
    const RUN = `mutation($o: String!, $w: TimeWindowInput!) { generateBillingUsage(organization: $o, window: $w) { organizations records } }`;
    const LIST = `query($w: TimeWindowInput!) { billingUsage(window: $w) { organization type timeStamp customerId productCode playoutUptime storageAmount bandwidth platform reported } }`;
    const day = { from: "2026-03-02T00:00:00Z", to: "2026-03-03T00:00:00Z" };
    expect((await f.admin.data(RUN, { o: f.a, w: { from: at(0), to: at(60) } })).generateBillingUsage).toEqual({ organizations: 1, records: 1 });
    const expected = { organization: f.a, type: "DAILY", timeStamp: "2026-03-02T00:00:00.000Z", customerId: "CUST-A", productCode: "PC-A", playoutUptime: 600, storageAmount: 1200, bandwidth: 6600, platform: 3, reported: false };
    expect((await f.viewerA.data(LIST, { w: day })).billingUsage).toEqual([expected]);
    await f.admin.data(INGEST, { batch: { billingUsage: [{ organization: f.a, timeStamp: "2026-03-02T00:00:00Z", playoutUptime: 1, reported: true }] } });
    expect((await f.admin.data(`mutation($w: TimeWindowInput!) { generateAllBillingUsage(window: $w) { organizations records } }`, { w: day })).generateAllBillingUsage).toEqual({ organizations: 2, records: 2 });
    expect((await f.viewerA.data(LIST, { w: day })).billingUsage).toEqual([{ ...expected, reported: true }]);
    const both = (await f.admin.data(LIST, { w: day })).billingUsage;
    expect(both.map((r: any) => [r.organization, r.playoutUptime, r.platform, r.storageAmount, r.bandwidth])).toEqual(
      [[f.a, 600, 3, 1200, 6600], [f.b, 60, 1, 99999, 7]].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect((await f.viewerA.error(RUN, { o: f.a, w: day })).extensions.code).toBe("FORBIDDEN");
  });

  it("O11, O12, O13: executions by UTC day, replaced by id; latest stream stats per region", async () => {
    const REPORT = `mutation($i: ExecutionReportInput!) { reportExecution(input: $i) { code messages } }`;
    const e = (n: string) => `${f.a}-exec-${n}`;
    await f.admin.data(REPORT, { i: { organization: f.a, executionId: e("1"), executionTime: "2031-05-01T10:00:00Z", duration: 100, success: true, type: "billing" } });
    await f.admin.data(REPORT, { i: { organization: f.a, executionId: e("2"), executionTime: "2031-05-01T12:00:00Z", success: false } });
    await f.admin.data(REPORT, { i: { organization: f.a, executionId: e("3"), executionTime: "2031-05-02T01:00:00Z", success: true } });
    const DAYS = `query($from: DateTime!, $to: DateTime) { executionDays(from: $from, to: $to) { executionDate success executions { organization executionId duration success timeStamp type } } }`;
    const first = (await f.viewerA.data(DAYS, { from: "2031-05-01T00:00:00Z", to: "2031-05-03T00:00:00Z" })).executionDays;
    expect(first.map((d: any) => [d.executionDate, d.success, d.executions.map((x: any) => x.executionId)])).toEqual([
      ["2031-05-02T00:00:00.000Z", true, [e("3")]],
      ["2031-05-01T00:00:00.000Z", false, [e("2"), e("1")]],
    ]);
    expect(first[1].executions[1]).toEqual({ organization: f.a, executionId: e("1"), duration: 100, success: true, timeStamp: "2031-05-01T10:00:00.000Z", type: "billing" });
    const again = await f.admin.data(REPORT, { i: { organization: f.a, executionId: e("2"), executionTime: "2031-05-01T12:00:00Z", success: true } });
    expect(again.reportExecution.messages[0]).toContain("replaced");
    const second = (await f.viewerA.data(DAYS, { from: "2031-05-01T00:00:00Z", to: "2031-05-02T00:00:00Z" })).executionDays;
    expect(second.map((d: any) => [d.success, d.executions.length])).toEqual([[true, 2]]);
    expect((await f.viewerA.error(REPORT, { i: { executionId: e("4") } })).extensions.code).toBe("FORBIDDEN");
    expect((await f.viewerA.error(DAYS, { from: "2031-05-02T00:00:00Z", to: "2031-05-01T00:00:00Z" })).extensions.code).toBe("BAD_USER_INPUT");

    const region = (n: string) => `${f.a}-region-${n}`;
    await f.platform.data(INGEST, { batch: { streamStats: [
      { region: region("eu"), time: at(0), activeStreamCount: 1, streamCount: 2 },
      { region: region("eu"), time: at(60), activeStreamCount: 3, streamCount: 4, webrtcStats: { audioSendStats: { audioBytesSent: 100 }, videoSendStats: { videoPliCount: 7 } } },
      { region: region("us"), time: at(0), activeStreamCount: 5 },
    ] } });
    const { regionStreamStats } = await f.viewerA.data(`{ regionStreamStats { region activeStreamCount streamCount webrtcStats { audioSendStats { audioBytesSent timeMs } videoSendStats { videoPliCount } } } }`);
    const mine = regionStreamStats.filter((r: any) => r.region.startsWith(f.a));
    expect(mine).toEqual([
      { region: region("eu"), activeStreamCount: 3, streamCount: 4, webrtcStats: { audioSendStats: { audioBytesSent: 100, timeMs: null }, videoSendStats: { videoPliCount: 7 } } },
      { region: region("us"), activeStreamCount: 5, streamCount: null, webrtcStats: null },
    ]);
  });

  it("bad windows are BAD_USER_INPUT", async () => {
    const windows = [
      { from: at(60), to: at(60) },
      { from: at(60), to: at(0) },
      { from: at(0), to: at(60), period: 1 },
      { from: at(0), to: at(60), periodType: "HOURS" },
      { from: at(0), to: at(60), period: 0, periodType: "HOURS" },
      { from: at(0), to: at(7 * 1440), period: 1, periodType: "MINUTES" },
      { from: at(0), to: at(60), playoutIds: [f.id("nope")] },
      { from: at(0), to: at(60), playoutIds: [f.id("q1")] }, // another organization's playout is unknown here
    ];
    for (const w of windows) {
      const error = await f.viewerA.error(USAGE, { o: f.a, w });
      expect(error.extensions.code, JSON.stringify(w)).toBe("BAD_USER_INPUT");
    }
    const ok = await f.viewerA.data(USAGE, { o: f.a, w: { from: at(0), to: at(10_000), period: 1, periodType: "MINUTES" } });
    expect(ok.playoutUsage.length).toBeGreaterThan(0);
  });
});
