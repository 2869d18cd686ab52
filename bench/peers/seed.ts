// The peer benchmark's dataset, filled set-based into its own database: schedules × events that
// point at catalog assets, and telemetry samples a minute per playout with the hourly rollup.
// The telemetry fill is the one of bench/reporting.ts; schedule counters come from touchSchedule.
import { sql } from "drizzle-orm";
import type { Viewer } from "../../src/common/auth.js";
import { execute, queryRows, type Database } from "../../src/db/client.js";
import { touchSchedule } from "../../src/schedules/store/index.js";
import { addToRollups } from "../../src/telemetry/rollup.js";
import { TelemetryService } from "../../src/telemetry/service.js";

export const ORG = "bench-org-1";
const ORGS = 5;
const DAY = 86_400_000;
/** Telemetry ends here; Q3 asks for the 30 days before it. */
export const TELEMETRY_END = Date.parse("2026-06-01T00:00:00Z");
export const EVENTS_T0 = Date.UTC(2026, 0, 1, 6);
const ADMIN: Viewer = { userId: "bench", orgs: "*", role: "admin" };

export interface DatasetSize {
  schedules: number;
  eventsPerSchedule: number;
  assets: number;
  playouts: number;
  days: number;
}

/** Sizes from the environment (PEERS_SCHEDULES, PEERS_EVENTS, PEERS_ASSETS, PEERS_SAMPLES); defaults as in docs/PERFORMANCE.md. */
export function datasetSize(env = process.env): DatasetSize {
  const days = 35;
  const samples = Number(env.PEERS_SAMPLES ?? 10_080_000);
  const playouts = Math.max(ORGS * 2, Math.round(samples / (days * 1440) / 10) * 10);
  return {
    schedules: Number(env.PEERS_SCHEDULES ?? 200),
    eventsPerSchedule: Number(env.PEERS_EVENTS ?? 1000),
    assets: Number(env.PEERS_ASSETS ?? 5000),
    playouts,
    days,
  };
}

const log = (line: string) => process.stderr.write(`  ${line}\n`);

export async function seed(db: Database, size: DatasetSize): Promise<void> {
  const started = performance.now();
  // Assets with their seven jsonb documents; title is systemFields.title, as rules.ts copies it.
  await execute(
    db,
    sql`insert into assets (organization, asset_id, media_id, name, storage_type, qc_status, duration_ms, title, asset_size, file_count,
        custom_fields, file_data, metadata, qc_info, source_asset_data, system_fields, tags)
      select ${ORG}, 'A-' || i, 'M-' || i, 'Asset ' || i, 'ONLINE', 'PASSED', 30000, 'Title ' || i, 1000000 + i, 1,
        jsonb_build_object('rating', i % 5), jsonb_build_array(jsonb_build_object('fileName', 'a' || i || '.mxf', 'size', 1000000 + i)),
        jsonb_build_object('durationInMilliseconds', 30000, 'frameRate', 25), jsonb_build_object('qcStatus', 'PASSED'),
        jsonb_build_object('origin', 'bench'), jsonb_build_object('title', 'Title ' || i), jsonb_build_array(jsonb_build_object('key', 'k', 'value', 'v' || i))
      from generate_series(0, ${size.assets - 1}) as i`,
  );
  const scheduleRows = await queryRows<{ id: number }>(
    db,
    sql`insert into schedules (organization, name, channel, start_date, created_by)
      select ${ORG}, 'Schedule ' || lpad(s::text, 4, '0'), 'Channel ' || s, to_timestamp(${EVENTS_T0 / 1000}), 'bench'
      from generate_series(0, ${size.schedules - 1}) as s returning id`,
  );
  // Events as bench/events.ts fills them: 30 s spots, a 1 s gap after every 10th, a locked one every 1,000.
  await execute(
    db,
    sql`insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data)
      select s.id, ${ORG}, ${EVENTS_T0}::bigint + (i * 30000) + (i / 10) * 1000, 30000,
        case when i % 1000 = 0 then 'LIVE' when i % 4 = 0 then 'PRIMARY' else 'ADVERTISEMENT' end,
        'Spot ' || i, i % 1000 = 0, 'M-' || ((s.id * ${size.eventsPerSchedule} + i) % ${size.assets}), 'A-' || ((s.id * ${size.eventsPerSchedule} + i) % ${size.assets}), 'READY',
        jsonb_build_object('houseId', 'H' || i, 'som', i % 7, 'assetData', jsonb_build_object('assetId', 'A-' || ((s.id * ${size.eventsPerSchedule} + i) % ${size.assets}), 'assetQCStatus', 'PASSED'),
          'secondaryEvents', jsonb_build_array(jsonb_build_object('command', 'ON', 'objectName', 'logo', 'offset', 0, 'origin', 'FROM_START')))
      from schedules s cross join generate_series(0::bigint, ${size.eventsPerSchedule - 1}::bigint) as i
      where s.organization = ${ORG}
      order by s.id, i`,
  );
  for (const { id } of scheduleRows) await touchSchedule(db, Number(id));
  log(`${size.schedules} schedules × ${size.eventsPerSchedule} events, ${size.assets} assets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await fillTelemetry(db, size);
  await execute(db, sql`vacuum analyze`);
}

/** bench/reporting.ts's fill: a playout registry over 5 organizations, one sample a minute each. */
async function fillTelemetry(db: Database, size: DatasetSize): Promise<void> {
  const started = performance.now();
  const orgs = Array.from({ length: ORGS }, (_, i) => `bench-org-${i + 1}`);
  await new TelemetryService(db).ingest(ADMIN, {
    organizations: orgs.map((o) => ({ organizationId: o, name: o })),
    providers: [{ providerId: "bench-provider", providerName: "Bench provider" }],
    playouts: Array.from({ length: size.playouts }, (_, i) => ({
      playoutId: `bench-playout-${String(i).padStart(3, "0")}`, playoutName: `Playout ${i}`, organization: orgs[i % ORGS], providerId: "bench-provider",
      channelId: `bench-channel-${String(i).padStart(3, "0")}`, playoutMode: i % 2 ? "BACKUP" : "MAIN", ip: `10.0.${i >> 8}.${i & 255}`, port: "8080", instanceType: "c5.large",
    })),
  });
  const start = new Date(TELEMETRY_END - size.days * DAY).toISOString();
  const last = new Date(TELEMETRY_END - 60_000).toISOString();
  const chunk = Math.max(1, Math.round(size.playouts / 10));
  let total = 0;
  for (let offset = 0; offset < size.playouts; offset += chunk) {
    total += await execute(
      db,
      sql`insert into playout_samples (playout_id, organization, time, interval_seconds, avmon, cache, connection, cpu, file_descriptors, free_memory, playback, storage)
        select p.playout_id, p.organization, t, 60, 1, 90 + random() * 9, 40 + random() * 20,
          25 + 15 * sin(extract(epoch from t) / 86400 * 2 * pi()) + random() * 5, 200 + random() * 20, 4096 + random() * 1024,
          case when (extract(epoch from t)::int8 / 3600 + hashtext(p.playout_id)) % 97 = 0 then 0 else 1 end, 50 + random()
        from (select * from playouts order by playout_id offset ${offset} limit ${chunk}) p
        cross join generate_series(${start}::timestamptz, ${last}::timestamptz, interval '1 minute') as t`,
    );
    log(`filled ${total.toLocaleString("en")} samples`);
  }
  await execute(db, addToRollups(sql`playout_samples`));
  log(`${total.toLocaleString("en")} samples and their rollup in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
