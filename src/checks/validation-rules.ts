// Schedule validation, pure: from the events' timing and asset keys and the catalog's answer for
// those keys to a ValidationResult. No database, no GraphQL imports beyond the result's shape.
import { MessageType, type Message } from "../common/graphql-types.js";
import { findBreaks, findGaps, findOverlaps, type Interval } from "../timeline/index.js";
import { formatLocal, HOUR_MS, offsetChangeBetween, offsetText } from "../localtime/index.js";
import type { CheckedEventRow } from "../schedules/index.js";
import type { AssetIssue, DurationIssue, RightsIssue, SeparationIssue, TimelineIssue, ValidationResult } from "./types.js";
import { rightsAndSeparation, type OtherRun, type RightsWindowRule, type SeparationMs } from "../traffic/index.js";

/** What validation knows of an event (its timing, type, lock and asset key): the store's row, defined once. */
export type CheckedEvent = CheckedEventRow;

export interface CatalogAsset {
  assetId: string;
  storageType: string | null;
  qcStatus: string | null;
  durationMs: number | null;
  mediaId?: string | null;
  rights?: RightsWindowRule[];
  advertiser?: string | null;
  productCategory?: string | null;
}

export interface ValidationInput {
  scheduleId: number;
  /** The schedule start (its first event's start, else its stored startDate), ms. */
  start: number | null;
  breakMin: number | null;
  breakMax: number | null;
  channelId: number | null;
  scheduleChannelId: number | null;
  /** Events in air order (onAirTime, id). */
  events: CheckedEvent[];
  /** The catalog's asset for each key that names one. */
  assets: Map<string, CatalogAsset>;
  fullList: boolean;
  /** Entries per list when fullList is false. */
  limit: number;
  /** The schedule's time zone: gaps and overlaps at its clock changes get a message with their local times. */
  timeZone?: string;
  /** The schedule's channel (rights windows' channels, run caps). */
  channel?: string | null;
  /** The broadcast date of an instant on the schedule's clock (run caps per day); default: the UTC date. */
  broadcastDate?: (ms: number) => string;
  /** Runs of the capped assets on the channel in the organization's other schedules. */
  otherRuns?: OtherRun[];
  /** The schedule's separation rules (absent: all off). */
  separation?: SeparationMs;
}

/** At most this many messages name a gap or overlap at a clock change (the lists hold them all). */
const CLOCK_CHANGE_MESSAGES = 20;

/**
 * Gaps and overlaps that touch a change of the zone's offset (a wall-clock copy onto a 23- or
 * 25-hour day leaves one there), with their local times; rippleSchedule fixes them as any other.
 */
function clockChangeMessages(zone: string | undefined, kinds: [string, Interval[]][]): Message[] {
  if (!zone || zone === "UTC") return [];
  const out: Message[] = [];
  for (const [kind, intervals] of kinds) {
    for (const i of intervals) {
      if (out.length >= CLOCK_CHANGE_MESSAGES) return out;
      const change = offsetChangeBetween(zone, i.start - HOUR_MS, i.start + i.duration + HOUR_MS);
      if (!change) continue;
      out.push({
        type: MessageType.WARNING,
        message: `${kind} of ${i.duration} ms at the clock change in ${zone} (${offsetText(change.before)} to ${offsetText(change.after)}): from ${formatLocal(zone, i.start)} to ${formatLocal(zone, i.start + i.duration)}, before event ${i.nextId}`,
      });
    }
  }
  return out;
}

/** Groups events by key in air order of their first event. */
function* byKey(events: CheckedEvent[], step: () => number): Generator<number, Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const e of events) {
    yield step();
    if (e.assetKey === null) continue;
    let ids = out.get(e.assetKey);
    if (!ids) out.set(e.assetKey, (ids = []));
    ids.push(e.id);
  }
  return out;
}

/** The validation in one synchronous go (small inputs, tests). */
export function validate(input: ValidationInput): ValidationResult {
  const steps = validationSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The same validation, giving `pause` a turn between items (the caller yields to the event loop
 * there and stops the work when its request is out of time): a large schedule does not hold the
 * process for its whole run. `pause` gets the count of items handled so far (growing; a scan of
 * every event counts as one item per event).
 */
export async function validateCooperatively(input: ValidationInput, pause: (handled: number) => Promise<void>): Promise<ValidationResult> {
  const steps = validationSteps(input);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause(next.value);
  }
}

/** The validation as steps: yields the running count of items handled, returns the result. */
function* validationSteps(input: ValidationInput): Generator<number, ValidationResult> {
  let handled = 0;
  const step = () => ++handled;
  // A pass over every event (the timeline scans) counts as one step per event.
  const pass = () => (handled += events.length);
  const { events, assets } = input;
  const origin = input.start ?? events[0]?.onAirTime ?? 0;
  const cut = <T>(list: T[]): T[] => (input.fullList ? list : list.slice(0, input.limit));
  const locked = new Set(events.filter((e) => e.locked).map((e) => e.id));

  const issueOf = (i: Interval): TimelineIssue => ({ previousEventId: String(i.previousId), eventId: String(i.nextId), timeFrom: i.start - origin, value: i.duration });
  const gaps = findGaps(events);
  yield pass();
  const overlaps = findOverlaps(events);
  yield pass();
  const lockedCollisions = overlaps.filter((o) => locked.has(o.previousId) || locked.has(o.nextId));

  const breaks = findBreaks(events);
  yield pass();
  const breakIssues = breaks.filter((b) => (input.breakMin !== null && b.duration < input.breakMin) || (input.breakMax !== null && b.duration > input.breakMax));

  const missing: AssetIssue[] = [];
  const archived: AssetIssue[] = [];
  const failedQc: AssetIssue[] = [];
  for (const [key, ids] of yield* byKey(events, step)) {
    yield step();
    const asset = assets.get(key);
    const eventIds = ids.map(String);
    if (!asset) {
      missing.push({ key, assetId: null, eventIds });
      continue;
    }
    if (asset.storageType === "ARCHIVED") archived.push({ key, assetId: asset.assetId, eventIds });
    if (asset.qcStatus === "FAILED") failedQc.push({ key, assetId: asset.assetId, eventIds });
  }
  const durationIssues: DurationIssue[] = [];
  for (const e of events) {
    yield step();
    const asset = e.assetKey === null ? undefined : assets.get(e.assetKey);
    if (asset?.durationMs !== null && asset?.durationMs !== undefined && e.duration > asset.durationMs) {
      durationIssues.push({ eventId: String(e.id), assetId: asset.assetId, duration: e.duration, assetDuration: asset.durationMs });
    }
  }

  const { rightsCount, rightsIssues, separationCount, separationIssues } = yield* rightsAndSeparation(
    {
      events,
      assets,
      channel: input.channel ?? null,
      broadcastDate: input.broadcastDate ?? ((ms) => new Date(ms).toISOString().slice(0, 10)),
      otherRuns: input.otherRuns ?? [],
      separation: input.separation ?? { sameAssetMinMs: 0, sameAdvertiserMinMs: 0, sameCategoryMinMs: 0 },
    },
    step,
  );

  const eventsOf = (issues: AssetIssue[]) => issues.flatMap((i) => i.eventIds);
  const distinctAssets = (issues: AssetIssue[]) => [...new Set(issues.map((i) => i.assetId!))];
  const totals = {
    events: events.length,
    overlaps: overlaps.length,
    gaps: gaps.length,
    breaks: breaks.length,
    breakIssues: breakIssues.length,
    missingAssets: missing.length,
    missingAssetEvents: eventsOf(missing).length,
    archivedAssets: distinctAssets(archived).length,
    archivedAssetEvents: eventsOf(archived).length,
    failedQcAssets: distinctAssets(failedQc).length,
    failedQcAssetEvents: eventsOf(failedQc).length,
    lockedCollisions: lockedCollisions.length,
    durationIssues: durationIssues.length,
    rightsIssues: rightsCount,
    separationIssues: separationCount,
    problems: 0,
  };
  totals.problems =
    totals.overlaps + totals.gaps + totals.breakIssues + totals.missingAssetEvents + totals.archivedAssetEvents + totals.failedQcAssetEvents + totals.durationIssues +
    totals.rightsIssues + totals.separationIssues;

  return {
    scheduleId: String(input.scheduleId),
    channelId: input.channelId ?? input.scheduleChannelId,
    fullList: input.fullList,
    limit: input.fullList ? null : input.limit,
    valid: totals.problems === 0,
    totals,
    messages: [...messagesOf(input, totals), ...clockChangeMessages(input.timeZone, [["gap", gaps], ["overlap", overlaps]])],
    archivedAssetEvents: cut(eventsOf(archived)),
    archivedAssets: cut(distinctAssets(archived)),
    breakIssues: cut(breakIssues).map((b) => ({ timeFrom: b.start - origin, value: b.duration, overlapping: b.overlapping, eventIds: b.eventIds.map(String) })),
    breakEventIds: cut(breaks).map((b) => b.eventIds),
    overlaps: cut(overlaps).map(issueOf),
    gaps: cut(gaps).map(issueOf),
    missingAssets: cut(missing.map((m) => m.key)),
    missingAssetEvents: cut(eventsOf(missing)),
    missingAssetIssues: cut(missing),
    archivedAssetIssues: cut(archived),
    failedQcAssets: cut(distinctAssets(failedQc)),
    failedQcAssetEvents: cut(eventsOf(failedQc)),
    failedQcAssetIssues: cut(failedQc),
    lockedCollisions: cut(lockedCollisions).map(issueOf),
    durationIssues: cut(durationIssues),
    // Made into objects when read (the field resolved), and once.
    get rightsIssues(): RightsIssue[] {
      const list = rightsIssues(input.fullList ? null : input.limit) as RightsIssue[];
      Object.defineProperty(this, "rightsIssues", { value: list, enumerable: true });
      return list;
    },
    get separationIssues(): SeparationIssue[] {
      const list = separationIssues(input.fullList ? null : input.limit) as SeparationIssue[];
      Object.defineProperty(this, "separationIssues", { value: list, enumerable: true });
      return list;
    },
  };
}

function messagesOf(input: ValidationInput, totals: ValidationResult["totals"]): Message[] {
  const out: Message[] = [];
  const warn = (n: number, text: string) => {
    if (n > 0) out.push({ type: MessageType.WARNING, message: `${n} ${text}` });
  };
  if (input.channelId !== null && input.scheduleChannelId !== null && input.channelId !== input.scheduleChannelId) {
    out.push({ type: MessageType.WARNING, message: `The schedule belongs to channel ${input.scheduleChannelId}, not ${input.channelId}` });
  }
  warn(totals.overlaps, "overlap(s)");
  warn(totals.gaps, "gap(s)");
  warn(totals.breakIssues, `break(s) outside [${input.breakMin ?? "-"}, ${input.breakMax ?? "-"}] ms`);
  warn(totals.missingAssetEvents, `event(s) use ${totals.missingAssets} asset(s) missing from the catalog`);
  warn(totals.archivedAssetEvents, `event(s) use ${totals.archivedAssets} archived asset(s)`);
  warn(totals.failedQcAssetEvents, `event(s) use ${totals.failedQcAssets} asset(s) that failed QC`);
  warn(totals.lockedCollisions, "collision(s) with a locked event");
  warn(totals.durationIssues, "event(s) longer than their asset");
  warn(totals.rightsIssues, "rights issue(s): outside a window, channel not allowed or beyond a run cap");
  warn(totals.separationIssues, "separation issue(s): too close to an event with the same asset, advertiser or category");
  if (out.length === 0) out.push({ type: MessageType.OK, message: "No problem found" });
  return out;
}
