// SCHEDULE_GENERATE: a template's broadcast days planned one at a time (plan-day.ts) and written
// into the change set's draft, each day in a transaction of its own, replacing the draft's events
// that start in that day (other days untouched). Memory holds one day's events. Progress per day;
// a cancel stops it between days (the days written stay in the draft, and its messages say which).
// Where each sequential series stands after the last day is stored for the next generation. Events
// inside the schedule's lock horizon are kept as the draft has them (none is written or removed there).
import type { JobContext, JobMessage, JobRegistry } from "../jobs/index.js";
import { appendEvents, deleteEventsStartingIn, draftTarget, editScheduleEventsIn, outcome, ownerViewer, type EventTarget, type EventValues } from "../schedules/index.js";
import { channelRuns, loadCheckedEvents, localClockOf, scheduleRowById } from "../schedules/index.js";
import { notFound } from "../common/errors.js";
import type { Executor } from "../db/client.js";
import { broadcastDateLookup, broadcastDay } from "../localtime/index.js";
import { PlacementRules } from "./placement-rules.js";
import type { PlanningInputs } from "./planning.js";
import { now } from "../common/clock.js";
import { plural } from "../common/text.js";
import { DayPlanner } from "./plan-day.js";
import type { PlannedDay, PlannedEvent } from "./plan-types.js";
import { generationDates, MAX_GENERATION_MESSAGES, SCHEDULE_GENERATE, type GeneratePayload, type GenerationStores } from "./generation.js";

const valuesOf = (event: PlannedEvent): EventValues => ({
  onAirTime: event.onAirTime,
  duration: event.duration,
  eventType: event.eventType,
  title: event.title,
  locked: false,
  mediaId: event.mediaId,
  assetId: null,
  status: null,
  data: {},
});

/** The job's messages, at most MAX_GENERATION_MESSAGES, then how many more there were. */
class Messages {
  readonly list: JobMessage[] = [];
  private dropped = 0;

  add(day: PlannedDay): void {
    for (const m of day.messages) {
      if (this.list.length < MAX_GENERATION_MESSAGES) this.list.push({ type: m.type, message: `${day.date}: ${m.message}` });
      else this.dropped++;
    }
  }

  close(): JobMessage[] {
    return this.dropped ? [...this.list, { type: "WARNING", message: `${plural(this.dropped, "more message")} not listed` }] : this.list;
  }
}

async function runGenerate(ctx: JobContext<GeneratePayload>, stores: GenerationStores): Promise<void> {
  const { templateId, scheduleId, changeSetId, from, days, seed, templateVersion } = ctx.job.payload;
  const viewer = ownerViewer(ctx.job);
  const organization = ctx.job.organization;
  const dates = generationDates(from, days);
  const inputs = await stores.planningInputs(ctx.db, viewer, templateId, organization);
  const messages = new Messages();
  if (inputs.version !== templateVersion) {
    messages.list.push({ type: "WARNING", message: `template "${inputs.name}" changed after the generation was asked (version ${templateVersion}); version ${inputs.version} was generated` });
  }
  const positions = await stores.readSlotPositions(ctx.db, scheduleId, inputs.template.slots.map((s) => s.id), from);
  const target = draftTarget({ id: changeSetId, scheduleId });
  const rules = await placementRules(ctx.db, organization, scheduleId, target, inputs, dates);
  const planner = new DayPlanner(inputs.template, inputs.collections, seed, positions, rules);
  let events = 0;
  for (const [i, date] of dates.entries()) {
    await ctx.checkpoint();
    const day = planner.planDay(date);
    const written = await ctx.transaction((tx) =>
      editScheduleEventsIn(tx, viewer, { operation: "generateSchedule", scheduleId, changeSetId: String(changeSetId), organization }, async ({ schedule }) => {
        // The lock horizon: what starts before now + horizon stays as the draft has it.
        const locked = schedule.lockHorizonMs > 0 ? now() + schedule.lockHorizonMs : Number.NEGATIVE_INFINITY;
        const from = Math.max(day.start, locked);
        const kept = day.events.filter((e) => e.onAirTime >= from);
        if (from > day.start) day.messages.push({ type: "INFO", message: `events starting before ${new Date(Math.min(from, day.end)).toISOString()} kept as they are (the lock horizon); ${day.events.length - kept.length} planned event(s) not written` });
        if (from < day.end) await deleteEventsStartingIn(tx, target, from, day.end);
        await appendEvents(tx, target, kept.map(valuesOf));
        return outcome(true, () => kept.length);
      }),
    );
    events += written;
    messages.add(day);
    if (i < dates.length - 1) await ctx.progress(Math.floor((100 * (i + 1)) / dates.length));
  }
  const after = generationDates(dates[dates.length - 1], 2)[1];
  await ctx.finish(async (tx) => {
    await stores.writeSlotPositions(tx, organization, scheduleId, after, planner.positions());
    return {
      result: { scheduleId: String(scheduleId), changeSetId: String(changeSetId), templateId, templateVersion: inputs.version, from, days, seed, events },
      messages: [
        { type: "OK", message: `Generated ${plural(days, "broadcast day")} from ${from} (${plural(events, "event")}) of template "${inputs.name}" into change set ${changeSetId}` },
        ...messages.close(),
      ],
    };
  });
}

/**
 * The traffic rules of the generated items: the schedule's channel and separation, and the runs
 * already taken by the items that have rights (the organization's other schedules on the channel,
 * and the draft's own events outside the days generated), each keyed by its asset's id.
 */
async function placementRules(db: Executor, organization: string, scheduleId: number, target: EventTarget, inputs: PlanningInputs, dates: string[]): Promise<PlacementRules> {
  const schedule = await scheduleRowById(db, scheduleId);
  if (!schedule) throw notFound("Schedule", scheduleId);
  const canonical = new Map<string, string>();
  for (const collection of inputs.collections.values()) {
    for (const item of collection.items) {
      if (!item.rights?.length || !item.assetId) continue;
      canonical.set(item.assetId, item.assetId);
      if (item.mediaId) canonical.set(item.mediaId, item.assetId);
    }
  }
  const runs = new Map<string, number[]>();
  const taken = (key: string | null, start: number) => {
    const asset = key === null ? undefined : canonical.get(key);
    if (asset) runs.set(asset, [...(runs.get(asset) ?? []), start]);
  };
  if (canonical.size) {
    const clock = { zone: inputs.template.zone, dayStartMs: inputs.template.dayStartMs };
    const [from, to] = [broadcastDay(clock, dates[0]).start, broadcastDay(clock, dates[dates.length - 1]).end];
    if (schedule.channel) for (const run of await channelRuns(db, organization, schedule.channel, scheduleId, [...canonical.keys()])) taken(run.assetKey, run.onAirTime);
    for (const event of await loadCheckedEvents(db, target)) if (event.onAirTime < from || event.onAirTime >= to) taken(event.assetKey, event.onAirTime);
  }
  const clock = localClockOf(schedule);
  return new PlacementRules({
    channel: schedule.channel,
    separation: { sameAssetMinMs: schedule.separationAssetMs, sameAdvertiserMinMs: schedule.separationAdvertiserMs, sameCategoryMinMs: schedule.separationCategoryMs },
    broadcastDate: broadcastDateLookup(clock),
    runs,
  });
}

export function registerGenerationHandlers(registry: JobRegistry, stores: GenerationStores): JobRegistry {
  return registry.register<GeneratePayload>(SCHEDULE_GENERATE, { run: (ctx) => runGenerate(ctx, stores) });
}
