// A small known telemetry batch whose figures the reporting tests work out by hand.
import { uniqueOrg, type GraphQLClient, type TestService } from "./service.js";

export const T0 = Date.parse("2026-03-02T00:00:00Z");
export const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

export const INGEST = `mutation($batch: TelemetryBatchInput!) { ingestTelemetry(batch: $batch) {
  organizations providers channels playouts playoutSamples cacheDownloads storageSnapshots streamStats billingUsage executions } }`;

export interface Fixture {
  a: string;
  b: string;
  /** Playout, channel and provider ids, unique to this fixture. */
  id: (name: string) => string;
  admin: GraphQLClient;
  /** A platform admin (orgs ["*"]): writes providers, stream statistics and platform executions. */
  platform: GraphQLClient;
  viewerA: GraphQLClient;
}

/**
 * Organization A: p1 (c1, pv1, MAIN), p2 (c1, pv1, BACKUP), p3 (c2, pv2, MAIN); organization B: q1.
 * Samples (60 s unless said): p1 up 0m, up 1m, down 2m, up 60m (120 s); p2 down 0m, up 30m (300 s);
 * p3 up 90m; q1 up 0m.
 */
export async function loadFixture(t: TestService): Promise<Fixture> {
  const a = uniqueOrg("ra");
  const b = uniqueOrg("rb");
  const id = (name: string) => `${a}-${name}`;
  const admin = t.client(await t.token([a, b], "admin"));
  const viewerA = t.client(await t.token(a, "viewer"));
  // Providers are platform records (docs/REPORTING.md "Who owns what").
  const platform = t.client(await t.token("*", "admin", "platform"));
  await platform.data(INGEST, {
    batch: { providers: [{ providerId: id("pv1"), providerName: "Provider One" }, { providerId: id("pv2"), providerName: "Provider Two" }] },
  });
  await admin.data(INGEST, { batch: fixtureBatch(a, id, b, at, (text) => text) });
  return { a, b, id, admin, platform, viewerA };
}

/**
 * The fixture's batch (without the platform's providers), its instants made by `when` (minutes
 * after T0) and `day` (a day's text): ISO text for GraphQL, Date objects for a service.
 */
export function fixtureBatch<T>(a: string, id: (name: string) => string, b: string, when: (minutes: number) => T, day: (text: string) => T) {
  return {
    organizations: [
      { organizationId: a, name: "Org A", totalAccounts: 4, productCode: "PC-A", vendorMarketplaceIdentifier: "CUST-A", time: day("2025-03-02T00:00:00Z"), city: "Oslo" },
      { organizationId: b, name: "Org B" },
    ],
    channels: [
      { channelId: id("c1"), channelName: "Channel One", organization: a, providerId: id("pv1") },
      { channelId: id("c2"), channelName: "Channel Two", organization: a, providerId: id("pv2") },
      { channelId: id("cb"), channelName: "Channel B", organization: b },
    ],
    playouts: [
      { playoutId: id("p1"), playoutName: "P One", organization: a, providerId: id("pv1"), channelId: id("c1"), playoutMode: "MAIN", ip: "10.0.0.1", port: "8080",
        instanceType: "c5.large", templateType: "hd", licenceId: "L1", licenceName: "Licence 1", licenceMode: "FULL", playoutLicenceId: "PL1", playoutType: "CLOUD", resolution: "1080p" },
      { playoutId: id("p2"), playoutName: "P Two", organization: a, providerId: id("pv1"), channelId: id("c1"), playoutMode: "BACKUP", ip: "10.0.0.2", port: "8080" },
      { playoutId: id("p3"), playoutName: "P Three", organization: a, providerId: id("pv2"), channelId: id("c2"), playoutMode: "MAIN", ip: "10.0.0.1", port: "9090", instanceType: "c5.xlarge" },
      { playoutId: id("q1"), playoutName: "Q One", organization: b, channelId: id("cb"), ip: "10.0.0.1" },
    ],
    playoutSamples: [
      { playoutId: id("p1"), time: when(0), playback: 1, cpu: 10, avmon: 1 },
      { playoutId: id("p1"), time: when(1), playback: 1, cpu: 20 },
      { playoutId: id("p1"), time: when(2), playback: 0, cpu: 30, avmon: 0 },
      { playoutId: id("p1"), time: when(60), playback: 1, cpu: 40, intervalSeconds: 120 },
      { playoutId: id("p2"), time: when(0), playback: 0, cpu: 50 },
      { playoutId: id("p2"), time: when(30), playback: 2, intervalSeconds: 300 },
      { playoutId: id("p3"), time: when(90), playback: 1, cpu: 5 },
      { playoutId: id("q1"), time: when(0), playback: 1, cpu: 99 },
    ],
    cacheDownloads: [
      { organization: a, time: when(10), ip: "10.0.0.1", port: "8080", playoutName: "P One", count: 3, size: 1000 },
      { organization: a, time: when(20), ip: "10.0.0.1", port: "8080", playoutName: "Cache Only", count: 2, size: 500 },
      { organization: a, time: when(30), ip: "10.0.0.2", playoutName: "P Two", count: 1, size: 100 },
      { organization: a, time: when(180), ip: "10.0.0.1", port: "8080", playoutName: "Late", count: 100, size: 5000 },
      { organization: b, time: when(10), ip: "10.0.0.1", port: "8080", playoutName: "Q One", count: 7, size: 7 },
    ],
    storageSnapshots: [
      { organization: a, time: when(5), count: 10, size: 1000 },
      { organization: a, time: when(50), count: 12, size: 1200 },
      { organization: a, time: when(70), count: 11, size: 900 },
      { organization: b, time: when(10), count: 99, size: 99999 },
    ],
  };
}
