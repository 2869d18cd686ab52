// Reports by the customer's day: DAYS buckets follow the local midnights of window.timeZone
// (23 and 25-hour days included), from the hourly rollup where the offset is whole hours and from
// raw samples for the hours a +05:30 day edge cuts.
import { beforeAll, describe, expect, it } from "vitest";
import { INGEST } from "../helpers/telemetry.js";
import { uniqueOrg, useTestService, type GraphQLClient } from "../helpers/service.js";
import { billingDaysOf, bucketStart, edgeHours, fitsHourlyRollup, parseWindow } from "../../src/reporting/window.js";

const t = useTestService();
let org: string;
let admin: GraphQLClient;

const USAGE = `query($o: String!, $w: TimeWindowInput!) { playoutUsage(organization: $o, window: $w) { playoutId uptime timeStamp } }`;
const sample = (time: string) => ({ playoutId: `${org}-p`, time, playback: 1 });

beforeAll(async () => {
  org = uniqueOrg("lt");
  admin = t.client(await t.token(org, "admin"));
  await admin.data(INGEST, {
    batch: {
      organizations: [{ organizationId: org, name: "Local" }],
      playouts: [{ playoutId: `${org}-p`, playoutName: "P", organization: org }],
      playoutSamples: [
        sample("2026-03-29T22:30:00Z"), // London 23:30 BST on the 29th
        sample("2026-03-29T23:30:00Z"), // London 00:30 BST on the 30th (UTC still the 29th)
        sample("2026-02-28T18:00:00Z"), // Kolkata 23:30 on 28 February
        sample("2026-02-28T18:45:00Z"), // Kolkata 00:15 on 1 March
        sample("2026-03-01T18:15:00Z"), // Kolkata 23:45 on 1 March
        sample("2026-03-01T18:40:00Z"), // Kolkata 00:10 on 2 March
      ],
    },
  });
});

describe("window.timeZone", () => {
  it("cuts daily buckets at London's local midnights: the 29 March bucket is 23 hours", async () => {
    const w = { from: "2026-03-28T00:00:00Z", to: "2026-03-30T23:00:00Z", period: 1, periodType: "DAYS", timeZone: "Europe/London" };
    const { playoutUsage } = await admin.data(USAGE, { o: org, w });
    expect(playoutUsage.map((r: { timeStamp: string; uptime: number }) => [r.timeStamp, r.uptime])).toEqual([
      ["2026-03-29T00:00:00.000Z", 60],
      ["2026-03-29T23:00:00.000Z", 60],
    ]);
    const utc = (await admin.data(USAGE, { o: org, w: { ...w, timeZone: undefined } })).playoutUsage;
    expect(utc.map((r: { timeStamp: string; uptime: number }) => [r.timeStamp, r.uptime])).toEqual([["2026-03-29T00:00:00.000Z", 120]]);
  });

  it("counts Kolkata's days (+05:30) exactly: the half hours at each edge come from the raw samples", async () => {
    const w = { from: "2026-02-28T18:30:00Z", to: "2026-03-02T18:30:00Z", period: 1, periodType: "DAYS", timeZone: "Asia/Kolkata" };
    const { playoutUsage } = await admin.data(USAGE, { o: org, w });
    expect(playoutUsage.map((r: { timeStamp: string; uptime: number }) => [r.timeStamp, r.uptime])).toEqual([
      ["2026-02-28T18:30:00.000Z", 120],
      ["2026-03-01T18:30:00.000Z", 60],
    ]);
  });

  it("refuses an unknown zone by name", async () => {
    const w = { from: "2026-03-28T00:00:00Z", to: "2026-03-30T00:00:00Z", period: 1, periodType: "DAYS", timeZone: "Europe/Atlantis" };
    const error = await admin.error(USAGE, { o: org, w });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "window.timeZone" });
    expect(error.message).toMatch(/Europe\/Atlantis/);
  });

  it("writes billing records per local day", async () => {
    const RUN = `mutation($o: String!, $w: TimeWindowInput!) { generateBillingUsage(organization: $o, window: $w) { records } }`;
    const READ = `query($w: TimeWindowInput!) { billingUsage(window: $w) { organization timeStamp playoutUptime } }`;
    const w = { from: "2026-03-29T00:00:00Z", to: "2026-03-30T23:00:00Z", timeZone: "Europe/London" };
    expect((await admin.data(RUN, { o: org, w })).generateBillingUsage.records).toBe(2);
    const rows = (await admin.data(READ, { w: { from: "2026-03-29T00:00:00Z", to: "2026-03-30T00:00:00Z" } })).billingUsage.filter((r: { organization: string }) => r.organization === org);
    expect(rows.map((r: { timeStamp: string; playoutUptime: number }) => [r.timeStamp, r.playoutUptime])).toEqual([
      ["2026-03-29T00:00:00.000Z", 60],
      ["2026-03-29T23:00:00.000Z", 60],
    ]);
  });
});

describe("parseWindow with a zone (pure)", () => {
  const w = (timeZone: string, from: string, to: string) => parseWindow({ from: new Date(from), to: new Date(to), period: 1, periodType: "DAYS", timeZone });

  it("lists the local day starts; whole-hour zones fit the rollup, half-hour ones read their edge hours raw", () => {
    const london = w("Europe/London", "2026-10-24T00:00:00+01:00", "2026-10-27T00:00:00Z");
    expect(london.starts!.map((s) => new Date(s).toISOString())).toEqual(["2026-10-23T23:00:00.000Z", "2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"]);
    expect(london.bucketCount).toBe(3);
    expect(fitsHourlyRollup(london)).toBe(true);
    expect(bucketStart(london, new Date("2026-10-25T23:59:59Z")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
    const kolkata = w("Asia/Kolkata", "2026-03-01T00:00:00+05:30", "2026-03-03T00:00:00+05:30");
    expect(fitsHourlyRollup(kolkata)).toBe(false);
    expect(edgeHours(kolkata).map((h) => h.toISOString())).toEqual(["2026-02-28T18:00:00.000Z", "2026-03-01T18:00:00.000Z", "2026-03-02T18:00:00.000Z"]);
  });

  it("keeps UTC windows as they were, and bills local days", () => {
    const utc = parseWindow({ from: new Date("2026-03-28T00:00:00Z"), to: new Date("2026-03-31T00:00:00Z"), period: 1, periodType: "DAYS" });
    expect(utc).toMatchObject({ timeZone: "UTC", starts: null, bucketCount: 3 });
    const days = billingDaysOf({ from: new Date("2026-03-29T12:00:00Z"), to: new Date("2026-03-30T12:00:00Z"), timeZone: "Europe/London" });
    expect(days.starts.map((s) => new Date(s).toISOString())).toEqual(["2026-03-29T00:00:00.000Z", "2026-03-29T23:00:00.000Z"]);
    expect(new Date(days.end).toISOString()).toBe("2026-03-30T23:00:00.000Z");
  });
});
