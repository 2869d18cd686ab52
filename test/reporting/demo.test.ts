import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoTelemetry } from "../../src/seed/telemetry.js";
import { type GraphQLClient, useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService(); // its own service: this file reaches into its database
let demo: GraphQLClient;
beforeAll(async () => {
  await seedDemoTelemetry(t.service.database.db);
  demo = t.client(await t.token("demo", "admin"));
});

describe("the embedded demo telemetry", () => {
  it("lets every reporting query answer something for organization demo", async () => {
    const now = Date.now();
    const w = { from: new Date(now - 7 * 86_400_000).toISOString(), to: new Date(now + 60_000).toISOString(), period: 1, periodType: "DAYS" };
    const data = await demo.data(
      `query($w: TimeWindowInput!, $from: DateTime!) {
        cacheDownloads(organization: "demo", window: $w) { ip count }
        playoutHistory(window: $w) { playoutId cpu }
        playoutHistoryGroups { providerId }
        licenceUsage(organization: "demo", window: $w) { licenceId uptime }
        playoutUsage(organization: "demo", window: $w) { playoutId uptime downtime }
        playoutUptime(window: $w) { playoutId uptime }
        storageUsage(organization: "demo", window: $w) { size }
        executionDays(from: $from) { executionDate }
        regionStreamStats { region }
        billingUsage(window: $w) { playoutUptime }
        organizations { organizationId name }
        channelUptime(window: $w) { channelId uptime }
        organizationIds
        organizationSummaries { organizationId totalPlayouts }
        uptimeTotals(organization: "demo", window: $w) { totalUptime totalDowntime }
        organizationSummary { organizationName mediaStoreUsage { mediaStoreSize } }
      }`,
      { w, from: w.from },
    );
    for (const [field, value] of Object.entries(data)) {
      if (Array.isArray(value)) expect(value.length, field).toBeGreaterThan(0);
    }
    expect(data.uptimeTotals.totalUptime).toBeGreaterThan(0);
    expect(data.uptimeTotals.totalDowntime).toBeGreaterThan(0); // outages happen
    expect(data.organizationSummary.organizationName).toBe("Demo Broadcasting");
    const ip = data.cacheDownloads[0].ip;
    const names = await demo.data(`query($ip: String!, $w: TimeWindowInput!) { playoutNamesByIp(ip: $ip, organization: "demo", window: $w) }`, { ip, w });
    expect(names.playoutNamesByIp.length).toBeGreaterThan(0);
  });
});
