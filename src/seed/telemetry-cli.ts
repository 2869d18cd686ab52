// `seed --telemetry --orgs N --playouts N --days N`: options parsed and checked, progress on stderr.
import { parseArgs } from "node:util";
import type { Database } from "../db/client.js";
import { seedTelemetry, type TelemetrySeedOptions, type TelemetrySeedSummary } from "./telemetry.js";

/** The telemetry options of the seed command, or null without --telemetry. */
export function telemetrySeedOptions(args: string[]): TelemetrySeedOptions | null {
  const { values } = parseArgs({
    args,
    options: { telemetry: { type: "boolean", default: false }, orgs: { type: "string", default: "3" }, playouts: { type: "string", default: "12" }, days: { type: "string", default: "7" }, seed: { type: "string", default: "7" } },
  });
  if (!values.telemetry) return null;
  const count = (name: string, value: string, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`seed: --${name} must be an integer from 1 to ${max} (got ${value})`);
    return n;
  };
  const orgs = count("orgs", values.orgs!, 1000);
  return {
    organizations: Array.from({ length: orgs }, (_, i) => `org-${String(i + 1).padStart(String(orgs).length, "0")}`),
    playouts: Math.max(orgs, count("playouts", values.playouts!, 100_000)),
    days: count("days", values.days!, 3650),
    seed: count("seed", values.seed!, 2 ** 31),
  };
}

export async function seedTelemetryFromCli(db: Database, options: TelemetrySeedOptions): Promise<TelemetrySeedSummary> {
  const total = options.playouts * options.days * 1440;
  const started = Date.now();
  let last = 0;
  return seedTelemetry(db, {
    ...options,
    progress: (samples) => {
      if (Date.now() - last < 2000) return;
      last = Date.now();
      const rate = Math.round(samples / ((Date.now() - started) / 1000));
      process.stderr.write(`  ${samples.toLocaleString("en")} of about ${total.toLocaleString("en")} samples (${rate.toLocaleString("en")}/s)\n`);
    },
  });
}
