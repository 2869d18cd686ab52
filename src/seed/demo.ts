// Demo data for the embedded default: enough for every query of the README to answer something.
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";
import { demoDay } from "./demo-events.js";
import { insertEvents } from "../schedules/index.js";
import { editScheduleEvents, outcome } from "../schedules/index.js";
import { ScheduleService } from "../schedules/index.js";
import { countSchedules } from "../schedules/index.js";
import { seedDemoAssets } from "./assets.js";
import { seedDemoJobs } from "../jobs/seed.js";
import { seedDemoTelemetry } from "./telemetry.js";
import { seedDemoTemplates } from "./templates.js";

export const DEMO_ORGANIZATION = "demo";

const DEMO_ADMIN: Viewer = { userId: "demo-seed", orgs: "*", role: "admin" };

export type SeedSummary = Record<string, number>;

/** Seeds only an empty database, so that restarts keep what the user changed. */
export async function seedDemoIfEmpty(db: Database): Promise<SeedSummary | null> {
  if ((await countSchedules(db)) > 0) return null;
  return seedDemo(db);
}

/** How many schedules the demo organization holds: the demo is there when it has any. */
export async function demoScheduleCount(db: Database): Promise<number> {
  return countSchedules(db, DEMO_ORGANIZATION);
}

/** `npm run seed`: the demo once; a second run adds nothing and says so. */
export async function seedDemoOnce(db: Database): Promise<{ seeded: SeedSummary } | { present: number }> {
  const present = await demoScheduleCount(db);
  return present > 0 ? { present } : { seeded: await seedDemo(db) };
}

export async function seedDemo(db: Database): Promise<SeedSummary> {
  const service = new ScheduleService(db);
  const today = new Date();
  today.setUTCHours(6, 0, 0, 0);
  const channels = [
    // A London channel counting 06:00-to-06:00 broadcast days (docs/EVENTS.md "Local time"); the others stay UTC.
    { channel: "News 24", channelId: 101, graphicsProject: "news-gfx", timeZone: "Europe/London", broadcastDayStart: "06:00" },
    { channel: "Kids", channelId: 102, graphicsProject: "kids-gfx" },
    { channel: "Sports Live", channelId: 103, graphicsProject: "sports-gfx" },
  ];
  let created = 0;
  let events = 0;
  for (const [i, ch] of channels.entries()) {
    for (let day = 0; day < 2; day++) {
      const start = new Date(today.getTime() + day * 86_400_000);
      const schedule = await service.create(
        DEMO_ADMIN,
        {
          name: `${ch.channel} ${start.toISOString().slice(0, 10)}`,
          channel: ch.channel,
          channelId: ch.channelId,
          fps: i === 2 ? 50 : 25,
          graphicsProject: ch.graphicsProject,
          timeZone: ch.timeZone ?? null,
          broadcastDayStart: ch.broadcastDayStart ?? null,
          graphicsProjectV2: `${ch.graphicsProject}-v2`,
          breakMin: 60_000,
          breakMax: 240_000,
          status: day === 0 ? "PUBLISHED" : "DRAFT",
          txdate: start.toISOString().slice(0, 10),
          startDate: start,
          finishDate: new Date(start.getTime() + 18 * 3_600_000),
        },
        DEMO_ORGANIZATION,
      );
      created++;
      const dayEvents = demoDay(ch.channel, start.getTime(), 18);
      await editScheduleEvents(db, DEMO_ADMIN, { operation: "seed", scheduleId: schedule.id, organization: DEMO_ORGANIZATION }, async ({ tx, target }) => {
        await insertEvents(tx, target, dayEvents);
        return outcome(true, () => undefined);
      });
      events += dayEvents.length;
    }
  }
  await service.create(DEMO_ADMIN, { name: "Acme Movies weekend", channel: "Acme Movies", channelId: 201, fps: 24 }, "acme");
  const assets = await seedDemoAssets(db, DEMO_ADMIN, DEMO_ORGANIZATION);
  const { collections, templates } = await seedDemoTemplates(db, DEMO_ADMIN, DEMO_ORGANIZATION);
  const jobs = await seedDemoJobs(db, DEMO_ORGANIZATION);
  const telemetry = await seedDemoTelemetry(db);
  return { schedules: created + 1, events, assets, collections, templates, jobs, playoutSamples: telemetry.playoutSamples };
}
