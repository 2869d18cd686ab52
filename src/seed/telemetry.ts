// Realistic telemetry for demos and load: daily patterns, outages and restarts, written through
// the same service code as ingestTelemetry (TelemetryService.ingest) in batches.
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";
import { ReportingService } from "../reporting/index.js";
import { TelemetryService } from "../telemetry/index.js";
import type { PlayoutInput, PlayoutSampleInput, TelemetryBatchInput } from "../telemetry/index.js";

const SEED_ADMIN: Viewer = { userId: "telemetry-seed", orgs: "*", role: "admin" };
const MINUTE = 60_000;
const DAY = 86_400_000;
const REGIONS = ["eu-west-1", "us-east-1", "ap-south-1"];
const INSTANCE_TYPES = ["c5.large", "c5.xlarge", "g4dn.xlarge"];

export interface TelemetrySeedOptions {
  /** Organization ids to fill (created in the registry). */
  organizations: string[];
  /** Playouts in total, spread over the organizations. */
  playouts: number;
  days: number;
  /** End of the generated period (exclusive); default now, on the minute. */
  end?: Date;
  batchSize?: number;
  /** Minutes between samples of a playout; default 1. */
  sampleMinutes?: number;
  seed?: number;
  /** Called after each batch with the samples written so far. */
  progress?: (samples: number) => void;
}

export type TelemetrySeedSummary = Record<string, number>;

/** Small deterministic generator (mulberry32), so that a seed gives the same data every time. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface PlayoutPlan {
  input: PlayoutInput;
  baseCpu: number;
  /** Minute index ranges [start, end) of outages (samples with playback 0). */
  outages: [number, number][];
  /** Minute index ranges of restarts (no samples at all), after which memory and descriptors reset. */
  restarts: [number, number][];
}

function planPlayouts(options: TelemetrySeedOptions, random: () => number): PlayoutPlan[] {
  const minutes = options.days * 1440;
  const plans: PlayoutPlan[] = [];
  for (let i = 0; i < options.playouts; i++) {
    const organization = options.organizations[i % options.organizations.length];
    const channel = Math.floor(i / 2);
    const outages: [number, number][] = [];
    const restarts: [number, number][] = [];
    for (let day = 0; day < options.days; day++) {
      if (random() < 0.15) {
        const start = day * 1440 + Math.floor(random() * 1440);
        outages.push([start, Math.min(minutes, start + 5 + Math.floor(random() * 85))]);
      }
      if (random() < 0.1) {
        const start = day * 1440 + Math.floor(random() * 1440);
        restarts.push([start, Math.min(minutes, start + 3 + Math.floor(random() * 7))]);
      }
    }
    plans.push({
      input: {
        playoutId: `${organization}-playout-${String(i + 1).padStart(3, "0")}`,
        playoutName: `${organization} playout ${i + 1}`,
        organization,
        providerId: i % 3 === 2 ? "provider-b" : "provider-a",
        channelId: `${organization}-channel-${String(channel + 1).padStart(3, "0")}`,
        playoutMode: i % 2 === 0 ? "MAIN" : "BACKUP",
        ip: `10.${(i >> 8) & 255}.${i & 255}.10`,
        port: "8080",
        instanceType: i % 5 === 4 ? null : INSTANCE_TYPES[i % INSTANCE_TYPES.length],
        templateType: i % 4 === 0 ? "uhd" : "hd",
        region: REGIONS[i % REGIONS.length],
        licenceId: `licence-${(i % 4) + 1}`,
        licenceName: `Licence ${(i % 4) + 1}`,
        licenceMode: i % 2 === 0 ? "FULL" : "STANDBY",
        playoutLicenceId: `pl-${organization}-${i + 1}`,
        playoutType: "CLOUD",
        resolution: i % 4 === 0 ? "2160p" : "1080p",
      },
      baseCpu: 15 + random() * 20,
      outages,
      restarts,
    });
  }
  return plans;
}

const within = (ranges: [number, number][], minute: number) => ranges.some(([s, e]) => minute >= s && minute < e);

export async function seedTelemetry(db: Database, options: TelemetrySeedOptions): Promise<TelemetrySeedSummary> {
  const random = generator(options.seed ?? 7);
  const telemetry = new TelemetryService(db);
  const batchSize = options.batchSize ?? 5000;
  const end = Math.floor((options.end ?? new Date()).getTime() / MINUTE) * MINUTE;
  const start = end - options.days * DAY;
  const plans = planPlayouts(options, random);
  const totals: TelemetrySeedSummary = {};
  const ingest = async (batch: TelemetryBatchInput) => {
    const result = await telemetry.ingest(SEED_ADMIN, batch);
    for (const [kind, n] of Object.entries(result)) totals[kind] = (totals[kind] ?? 0) + n;
  };

  const channels = [...new Map(plans.map((p) => [p.input.channelId!, p.input])).values()].map((p) => ({
    channelId: p.channelId!, channelName: `Channel ${p.channelId!.split("-").pop()} of ${p.organization}`, organization: p.organization, providerId: p.providerId,
  }));
  await ingest({
    organizations: options.organizations.map((id, i) => ({
      organizationId: id, name: id === "demo" ? "Demo Broadcasting" : `Organization ${i + 1}`, city: ["Oslo", "Lisbon", "Austin"][i % 3], country: ["NO", "PT", "US"][i % 3],
      productCode: "CLOUD-PLAYOUT", vendorMarketplaceIdentifier: `customer-${id}`, enabled: true, totalAccounts: 3 + i, time: new Date(start - 365 * DAY),
    })),
    providers: [{ providerId: "provider-a", providerName: "Provider A" }, { providerId: "provider-b", providerName: "Provider B" }],
    channels,
    playouts: plans.map((p) => p.input),
  });

  let samples: PlayoutSampleInput[] = [];
  const flush = async () => {
    if (!samples.length) return;
    await ingest({ playoutSamples: samples });
    samples = [];
    options.progress?.(totals.playoutSamples ?? 0);
  };
  const lastRestart = plans.map(() => 0);
  const step = options.sampleMinutes ?? 1;
  for (let minute = 0; minute < options.days * 1440; minute += step) {
    const time = new Date(start + minute * MINUTE);
    const hourOfDay = time.getUTCHours() + time.getUTCMinutes() / 60;
    const daily = Math.sin(((hourOfDay - 8) / 24) * 2 * Math.PI); // peak mid-afternoon UTC
    for (const [i, plan] of plans.entries()) {
      if (within(plan.restarts, minute)) {
        lastRestart[i] = minute;
        continue;
      }
      const down = within(plan.outages, minute);
      const sinceRestart = minute - lastRestart[i];
      samples.push({
        playoutId: plan.input.playoutId,
        time,
        intervalSeconds: 60 * step,
        playback: down ? 0 : 1,
        avmon: down ? 0 : 1,
        cpu: round(Math.max(1, plan.baseCpu + 15 * daily + random() * 8 - (down ? 10 : 0))),
        connection: round(Math.max(0, 40 + 30 * daily + random() * 10)),
        cache: round(85 + random() * 14),
        freeMemory: round(Math.max(512, 8192 - sinceRestart * 0.6 - random() * 200)),
        fileDescriptors: Math.round(200 + sinceRestart * 0.05 + random() * 20),
        storage: round(40 + (minute / (options.days * 1440)) * 20 + random()),
      });
      if (samples.length >= batchSize) await flush();
    }
  }
  await flush();

  // Hourly cache downloads and stream statistics, daily storage snapshots and executions.
  let extras: TelemetryBatchInput = { cacheDownloads: [], storageSnapshots: [], streamStats: [], executions: [] };
  for (let hour = 0; hour < options.days * 24; hour++) {
    if (extras.cacheDownloads!.length + extras.streamStats!.length >= batchSize) {
      await ingest(extras);
      extras = { cacheDownloads: [], storageSnapshots: [], streamStats: [], executions: [] };
    }
    const time = new Date(start + hour * 3_600_000);
    for (const plan of plans) {
      if (random() < 0.4) {
        extras.cacheDownloads!.push({ organization: plan.input.organization, time, ip: plan.input.ip!, port: plan.input.port, playoutName: plan.input.playoutName, count: 1 + Math.floor(random() * 20), size: Math.floor(random() * 2e9) });
      }
    }
    for (const region of REGIONS) {
      const active = Math.round(plans.length * (0.6 + 0.3 * random()));
      extras.streamStats!.push({
        region, time, activeStreamCount: active, streamCount: plans.length,
        webrtcStats: {
          audioSendStats: { audioBytesSent: active * 3_600_000, audioBytesSentPerSecond: active * 1000, audioPacketsPerSecond: active * 50, audioPacketsSent: active * 180_000, timeMs: time.getTime() },
          videoSendStats: { timeMs: time.getTime(), videoBytesSent: active * 900_000_000, videoBytesSentPerSecond: active * 250_000, videoFirCount: Math.floor(random() * 5), videoFramesEncoded: active * 90_000, videoFramesEncodedPerSecond: active * 25, videoNackCount: Math.floor(random() * 50), videoPacketsSent: active * 800_000, videoPacketsSentPerSecond: active * 220, videoPliCount: Math.floor(random() * 10) },
        },
      });
    }
  }
  for (let day = 0; day < options.days; day++) {
    const time = new Date(start + day * DAY);
    options.organizations.forEach((organization, i) => {
      extras.storageSnapshots!.push({ organization, time: new Date(time.getTime() + 3_600_000), count: 1000 + i * 100 + day * 25, size: (50 + i * 5 + day) * 1e9 });
      // Executions belong to an organization (docs/REPORTING.md "Who owns what"): one billing run each.
      extras.executions!.push({ organization, executionId: `seed-billing-${time.toISOString().slice(0, 10)}`, executionTime: new Date(time.getTime() + 2 * 3_600_000), duration: 1000 + Math.floor(random() * 9000), success: random() > 0.1, type: "BILLING" });
    });
  }
  await ingest(extras);
  const run = await new ReportingService(db).generateAllBillingUsage(SEED_ADMIN, { from: new Date(start), to: new Date(end) });
  return { ...totals, billingRecords: run.records };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** A small set for organization "demo" so that every reporting query answers something at first start. */
export function seedDemoTelemetry(db: Database): Promise<TelemetrySeedSummary> {
  return seedTelemetry(db, { organizations: ["demo"], playouts: 4, days: 3, sampleMinutes: 5 });
}
