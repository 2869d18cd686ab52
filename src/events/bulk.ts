// bulkEditEvents (S31): every member, in its order, in one transaction.
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput, notFound } from "../common/errors.js";
import { plural } from "../common/text.js";
import { MessageType, type Message } from "../common/graphql-types.js";
import { parseId, parseIds } from "../common/ids.js";
import { pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { frameRateOf, localClockOf } from "../schedules/index.js";
import { toSchedule } from "../schedules/index.js";
import type { LocalClock } from "../localtime/index.js";
import type { FrameRate } from "../timecode/index.js";
import {
  appendAfter,
  eventOnAirAt,
  loopEvents,
  resolveCollisions,
  shiftEvents,
  splitInTimeline,
  type ResolveType,
  type Slot,
} from "../timeline/index.js";
import { BulkModel, finalValues, remainderMessages, type ModelEvent } from "./bulk-model.js";
import type { BulkEditInput, BulkEditResult } from "./bulk-types.js";
import type { ScheduleWithPage } from "./types.js";
import { EventType } from "./enums.js";
import { checkEventTiming, checkInstant, eventValues, valuesToRead, type EventValues } from "./rules.js";
import { changesDuration } from "./timecode-input.js";
import * as store from "../schedules/index.js";
import { replacedValues } from "../schedules/index.js";
import { findAssetsByKeys, type AssetSummary } from "../assets/index.js";
import { editScheduleEvents, outcome } from "../schedules/index.js";
import type { EventTarget, ScheduleRow, EventsEditTarget, ValuesRead } from "../schedules/index.js";
import { runTimelineRule } from "./timeline-errors.js";

const ok = (message: string): Message => ({ message, type: MessageType.OK });
const info = (message: string): Message => ({ message, type: MessageType.INFO });
const warning = (message: string): Message => ({ message, type: MessageType.WARNING });

/** Which of created/updated/deleted apply (createOnly, updateOnly, deleteOnly: that part alone). */
function parts(input: BulkEditInput): { create: boolean; update: boolean; remove: boolean } {
  const only = (["createOnly", "updateOnly", "deleteOnly"] as const).filter((k) => input[k]);
  if (only.length > 1) throw badInput(`${only.join(" and ")} cannot be combined: each applies its part alone`, { argument: "input" });
  if (only.length === 0) return { create: true, update: true, remove: true };
  return { create: only[0] === "createOnly", update: only[0] === "updateOnly", remove: only[0] === "deleteOnly" };
}

/**
 * Runs one bulk edit: every member changes an in-memory model (BulkModel, loaded lazily), then
 * the difference is written set-based and the schedule touched once.
 */
export async function bulkEdit(
  db: Database,
  viewer: Viewer,
  at: EventsEditTarget,
  input: BulkEditInput,
  maxPageSize: number,
): Promise<BulkEditResult> {
  requireRole(viewer, "editor");
  const apply = parts(input);
  const resolveType: ResolveType = input.resolveType ?? "OVERLAP";
  const eventsPage = input.pageNumber != null || input.pageSize != null ? pageRequest(input.pageNumber, input.pageSize, maxPageSize) : null;
  return editScheduleEvents(db, viewer, { ...at, operation: "bulkEditEvents" }, async ({ tx, schedule, target }) => {
    const run = new BulkRun(tx, schedule, target, input, apply, resolveType);
    await run.members();
    const { model, messages } = run;
    // Whatever the members did (shiftBy, loops, splits, collisions), every event written stays in range.
    for (const e of model.slots()) checkEventTiming(e, "bulkEditEvents");
    const span = model.touchedSpan();
    const { changed, counted, extremesKept } = await writeModel(tx, target, model, run.loaded);
    return outcome(changed, async (schedule): Promise<BulkEditResult> => {
      if (!changed) messages.push(info("nothing to change"));
      else if (span) {
        // After the touch: lockedGaps needs the target's max_event_duration up to date.
        for (const { id, gapMs } of await store.lockedGaps(tx, target, span.start, span.end)) {
          messages.push(warning(gapMs > 0 ? `gap of ${gapMs} ms before locked event ${id}` : `overlap of ${-gapMs} ms before locked event ${id}`));
        }
      }
      const content: ScheduleWithPage = { ...toSchedule(schedule), eventsPage };
      return { content, messages };
    }, counted, undefined, extremesKept);
  });
}

const slotOf = (e: Slot): Slot => ({ id: e.id, onAirTime: e.onAirTime, duration: e.duration, locked: e.locked });

/**
 * Which of its events' values the edit reads: all unless it only updates (or deletes) events by
 * fields that need no document (rules.ts valuesToRead), and creates, copies, splits, replaces,
 * shifts and places nothing. A document is most of what a read of 1,000 events brings back.
 */
function valuesRead(input: BulkEditInput): ValuesRead {
  const whole = input.empty || input.created?.length || input.sentToEnd?.length || input.shiftBy != null || input.eventLoop || input.split || input.replacement;
  return whole ? "all" : valuesToRead(input.updated ?? []);
}

/** One bulk edit inside its unit of work: the members, in their order, each a step on the model. */
class BulkRun {
  readonly messages: Message[] = [];
  readonly model = new BulkModel();
  /** Stored values of existing events the edit rewrites (by id). */
  readonly loaded = new Map<number, EventValues>();
  private readonly rate: FrameRate;
  private readonly clock: LocalClock;
  private readonly reading: ValuesRead;

  constructor(
    private readonly tx: Executor,
    private readonly schedule: ScheduleRow,
    private readonly target: EventTarget,
    private readonly input: BulkEditInput,
    private readonly apply: ReturnType<typeof parts>,
    private readonly resolveType: ResolveType,
  ) {
    this.rate = frameRateOf(schedule);
    this.clock = localClockOf(schedule);
    this.reading = valuesRead(input);
  }

  /** Every member of the input, in the order the edit applies them. */
  async members(): Promise<void> {
    const { input, model } = this;
    if (input.empty) await this.emptyStep();
    if (input.createFirst) {
      await this.createStep();
      await this.deleteStep();
      await this.updateStep();
    } else {
      await this.deleteStep();
      await this.updateStep();
      await this.createStep();
    }
    const needsWhole = input.shiftBy != null || input.eventLoop || input.split || (input.replacement && input.replacement.replacementEventId == null);
    if (needsWhole) await this.whole();
    if (input.sentToEnd?.length) await this.sentToEndStep();
    this.shiftStep();
    if (input.eventLoop) loopStep(input, model, (block) => this.placeAll(model.slots().map(slotOf), [block]), this.messages, this.rate);
    const ensureLoaded = (ids: number[]) => this.ensureLoaded(ids);
    if (input.replacement) {
      const { tx, schedule } = this;
      const catalog = async (key: string) => (await findAssetsByKeys(tx, schedule.organization, [key])).get(key) ?? null;
      await replaceStep(input, model, ensureLoaded, this.loaded, catalog, this.messages);
    }
    if (input.split) await splitStep(input, model, ensureLoaded, this.loaded, this.messages);
  }

  /**
   * The timeline's last end after the members so far: while no stored event was removed, moved or
   * resized, the later of the stored last end (read by index) and the model's; else from the
   * whole timeline.
   */
  private async lastEnd(): Promise<number | null> {
    if (!this.model.complete && this.model.storedTimingKept()) {
      const stored = await store.lastEnd(this.tx, this.target);
      const known = this.model.end();
      return stored === null ? known : known === null ? stored : Math.max(stored, known);
    }
    await this.whole();
    return this.model.end();
  }

  /** The whole timeline, for members that place events among the others. */
  private async whole(): Promise<void> {
    if (!this.model.complete) this.model.loadRest(await store.loadTimings(this.tx, this.target));
  }

  /** NOT_FOUND for ids that are not events of the schedule (or were removed by this edit). */
  private requireKnown(ids: number[]): void {
    const missing = [...new Set(ids.filter((id) => !this.model.has(id)))];
    if (missing.length) throw notFound(missing.length === 1 ? "Event" : "Events", missing.join(", "));
  }

  /** Stored values (and timing) of existing events the edit rewrites. */
  private async ensureLoaded(ids: number[]): Promise<void> {
    const { model, loaded } = this;
    const wanted = ids.filter((id) => id > 0 && !loaded.has(id) && !model.wasDeleted(id));
    const rows = await store.loadEventValuesById(this.tx, this.target, wanted, this.reading);
    for (const row of rows) loaded.set(row.id, row);
    model.addExisting(rows);
  }

  /**
   * Places created or moved events (in order) by resolveType against `existing` (the model as
   * it was before them): one call of the timeline module for the whole step.
   */
  private placeAll(existing: Slot[], placements: Slot[]): void {
    const { model, loaded, messages, resolveType } = this;
    if (resolveType === "OVERLAP" || placements.length === 0) return;
    const firstTailId = placements.reduce((lowest, p) => Math.min(lowest, p.id - 1), model.nextId());
    const result = runTimelineRule(() => resolveCollisions(existing, placements, resolveType, { firstTailId }));
    // Tails first: they copy their source as it was before this step changed it.
    for (const tail of result.tails) model.addTail(tail.id, tail.sourceId, tail.onAirTime, tail.duration, tail.somDelta, (id) => loaded.get(id) ?? null);
    model.applyTrims(result.changes.filter((change) => model.has(change.id)));
    for (const id of result.deletes) if (model.has(id)) model.remove(id);
    const at = (id: number) => (model.has(id) ? new Date(model.get(id).onAirTime).toISOString() : "its place");
    for (const c of result.lockedConflicts) messages.push(warning(`event placed at ${at(c.placedId)} overlaps locked event ${c.lockedId}`));
    for (const text of remainderMessages(result.remainders, resolveType)) messages.push(warning(text));
  }

  /** `empty`: every stored event goes first. */
  private async emptyStep(): Promise<void> {
    const n = await store.countEvents(this.tx, this.target);
    this.model.clearAll();
    this.messages.push(ok(`removed all ${plural(n, "event")}`));
  }

  private async deleteStep(): Promise<void> {
    const { input, model, messages } = this;
    if (!input.deleted?.length) return;
    if (!this.apply.remove) return void messages.push(info("deleted ignored: another part applies alone"));
    const ids = [...new Set(parseIds(input.deleted, "deleted"))];
    const unknown = ids.filter((id) => !model.has(id) && !model.wasDeleted(id) && !model.complete);
    model.addExisting(await store.loadTimingsById(this.tx, this.target, unknown));
    this.requireKnown(ids);
    ids.forEach((id) => model.remove(id));
    messages.push(ok(`deleted ${plural(ids.length, "event")}`));
  }

  private async updateStep(): Promise<void> {
    const { input, model, messages, resolveType } = this;
    if (!input.updated?.length) return;
    if (!this.apply.update) return void messages.push(info("updated ignored: another part applies alone"));
    const ids = input.updated.map((u, i) => {
      if (u.id === undefined || u.id === null) throw badInput(`updated[${i}].id is required`, { field: `updated[${i}].id` });
      return parseId(u.id, `updated[${i}].id`);
    });
    if (new Set(ids).size !== ids.length) throw badInput("updated names an event twice", { argument: "updated" });
    await this.ensureLoaded(ids);
    this.requireKnown(ids);
    const timed = input.updated.some((u) => u.onAirTime !== undefined || u.onAirLocal !== undefined || changesDuration(u));
    if (resolveType !== "OVERLAP" && timed) await this.whole();
    const before = resolveType === "OVERLAP" ? [] : model.slots().map(slotOf);
    const moved: Slot[] = [];
    input.updated.forEach((u, i) => {
      const current = model.get(ids[i]);
      const base = current.values ?? this.loaded.get(ids[i]);
      if (!base) throw notFound("Event", ids[i]);
      // The model's timing over the stored values (a copy only when an earlier member moved the event).
      const stored = base.onAirTime === current.onAirTime && base.duration === current.duration ? base : { ...base, onAirTime: current.onAirTime, duration: current.duration };
      const values = eventValues(u, stored, { onAirTime: 0, rate: this.rate, clock: this.clock }, `updated[${i}]`);
      if (values.onAirTime !== current.onAirTime || values.duration !== current.duration) moved.push(slotOf({ ...current, onAirTime: values.onAirTime, duration: values.duration, locked: values.locked }));
      model.setValues(ids[i], values);
    });
    this.placeAll(before, moved);
    messages.push(ok(`updated ${plural(ids.length, "event")}`));
  }

  private async createStep(): Promise<void> {
    const { input, model, messages, resolveType } = this;
    if (!input.created?.length) return;
    if (!this.apply.create) return void messages.push(info("created ignored: another part applies alone"));
    if (resolveType !== "OVERLAP" || input.created.some((c) => !c.onAirTime)) await this.whole();
    const before = resolveType === "OVERLAP" ? [] : model.slots().map(slotOf);
    // Events without onAirTime follow the last end, the earlier creations included.
    let end = model.end() ?? this.schedule.startDate?.getTime() ?? Date.now();
    const placed = input.created.map((c, i) => {
      const event = model.add(eventValues({ ...c, id: undefined }, null, { onAirTime: end, rate: this.rate, clock: this.clock }, `created[${i}]`));
      end = Math.max(end, event.onAirTime + event.duration);
      return slotOf(event);
    });
    this.placeAll(before, placed);
    messages.push(ok(`created ${plural(input.created.length, "event")}`));
  }

  /** sentToEnd: appended after the last event, in their order. */
  private async sentToEndStep(): Promise<void> {
    const { model } = this;
    const values = this.input.sentToEnd!.map((e, i) => eventValues({ ...e, id: undefined, onAirTime: undefined, onAirLocal: undefined }, null, { onAirTime: 0, rate: this.rate, clock: this.clock }, `sentToEnd[${i}]`));
    const emptyStart = this.schedule.startDate?.getTime() ?? Date.now();
    const end = await this.lastEnd();
    const placed = runTimelineRule(() => appendAfter(end, values.map((v) => v.duration), emptyStart));
    values.forEach((v, i) => model.add({ ...v, onAirTime: placed[i].onAirTime }));
    this.messages.push(ok(`appended ${plural(values.length, "event")} at the end`));
  }

  /** shiftBy (from shiftFrom, else all): every event moved, overlaps it makes told. */
  private shiftStep(): void {
    const { input, messages } = this;
    if (input.shiftBy !== undefined && input.shiftBy !== null) {
      const fromTime = input.shiftFrom ? checkInstant(input.shiftFrom, "shiftFrom") : null;
      const { moves, collisions } = runTimelineRule(() => shiftEvents(this.model.slots(), input.shiftBy!, { fromTime }));
      this.model.applyMoves(moves);
      messages.push(ok(`shifted ${plural(moves.length, "event")} by ${input.shiftBy} ms`));
      for (const c of collisions) messages.push(warning(`shift: events ${c.previousId} and ${c.nextId} overlap by ${c.duration} ms`));
    } else if (input.shiftFrom) {
      throw badInput("shiftFrom needs shiftBy", { argument: "shiftFrom" });
    }
  }
}

function loopStep(input: BulkEditInput, model: BulkModel, placeBlock: (block: Slot) => void, messages: Message[], rate: FrameRate): void {
  const loop = input.eventLoop!;
  if (loop.events.length === 0) throw badInput("eventLoop.events must hold at least one event", { field: "eventLoop.events" });
  const from = checkInstant(loop.loopFrom, "loopFrom", "eventLoop");
  const to = checkInstant(loop.loopTo, "loopTo", "eventLoop");
  if (to < from) throw badInput("eventLoop: loopTo must not be before loopFrom", { field: "loopTo" });
  const templates = loop.events.map((e, i) => eventValues({ ...e, id: undefined, onAirTime: undefined, onAirLocal: undefined }, null, { onAirTime: from, rate }, `eventLoop.events[${i}]`));
  const placements = runTimelineRule(() => loopEvents(templates, from, to));
  // The whole loop is one placed block for resolveType, then its events fill it.
  if (placements.length) placeBlock({ id: model.nextId(), onAirTime: from, duration: to - from, locked: false });
  for (const p of placements) {
    const template = templates[p.template];
    model.add({ ...template, data: { ...template.data }, onAirTime: p.onAirTime, duration: p.duration });
  }
  messages.push(ok(`looped ${plural(loop.events.length, "event")} into ${placements.length} from ${new Date(from).toISOString()} to ${new Date(to).toISOString()}`));
}

async function replaceStep(
  input: BulkEditInput,
  model: BulkModel,
  ensureLoaded: (ids: number[]) => Promise<void>,
  loaded: Map<number, EventValues>,
  catalog: (key: string) => Promise<AssetSummary | null>,
  messages: Message[],
): Promise<void> {
  const r = input.replacement!;
  if (!r.mediaId.trim()) throw badInput("replacement.mediaId must not be empty", { field: "replacement.mediaId" });
  let target: ModelEvent | null;
  if (r.replacementEventId !== undefined && r.replacementEventId !== null) {
    const id = parseId(r.replacementEventId, "replacementEventId");
    await ensureLoaded([id]);
    target = model.has(id) ? model.get(id) : null;
    if (!target) throw notFound("Event", id);
  } else if (r.replacementEventOnAirTime) {
    const at = checkInstant(r.replacementEventOnAirTime, "replacementEventOnAirTime", "replacement");
    target = eventOnAirAt(model.slots(), at);
    if (!target) throw notFound(`Event on air at ${new Date(at).toISOString()}`);
  } else {
    throw badInput("replacement needs replacementEventId or replacementEventOnAirTime", { field: "replacement" });
  }
  await ensureLoaded([target.id]);
  const base = target.values ?? loaded.get(target.id)!;
  const mediaId = r.mediaId.trim();
  const values = { ...finalValues(target, base), mediaId };
  target.somDelta = 0;
  const name = `event ${target.id > 0 ? target.id : "(new)"}`;
  // As replaceAsset (S33): an asset of the catalog gives the event its id, assetData and, when known, its duration.
  const asset = await catalog(mediaId);
  if (!asset) {
    model.setValues(target.id, values);
    messages.push(ok(`${name} now plays ${mediaId}; its duration is kept (the asset is not in the catalog)`));
    return;
  }
  const replaced = replacedValues(values, asset);
  model.setValues(target.id, replaced);
  const duration = asset.durationMs === null ? "its duration is kept (the catalog has none)" : `its duration is the asset's, ${asset.durationMs} ms`;
  messages.push(ok(`${name} now plays ${replaced.mediaId}; ${duration}`));
}

async function splitStep(
  input: BulkEditInput,
  model: BulkModel,
  ensureLoaded: (ids: number[]) => Promise<void>,
  loaded: Map<number, EventValues>,
  messages: Message[],
): Promise<void> {
  const s = input.split!;
  const at = checkInstant(s.onAirTime, "onAirTime", "split");
  const target = eventOnAirAt(model.slots(), at);
  if (!target) throw notFound(`Event on air at ${new Date(at).toISOString()}`);
  const result = runTimelineRule(() =>
    splitInTimeline(model.slots(), target.id, {
      segments: s.segments,
      breakDuration: s.breakDuration,
      partSuffix: s.partSuffix,
      breakTitlePattern: s.breakTitlePattern,
    }),
  );
  await ensureLoaded([target.id]);
  const base = finalValues(target, target.values ?? loaded.get(target.id)!);
  model.applyMoves(result.moves);
  for (const piece of result.pieces) {
    if (piece.kind === "BREAK") {
      model.add({
        onAirTime: piece.onAirTime, duration: piece.duration, eventType: EventType.PLACEHOLDER, title: piece.title, locked: false,
        mediaId: null, assetId: null, status: null, data: s.placeholderId ? { placeholderId: s.placeholderId } : {},
      });
    } else if (piece.n === 1) {
      model.setValues(target.id, { ...base, onAirTime: piece.onAirTime, duration: piece.duration, title: piece.title });
      target.somDelta = piece.somDelta;
    } else {
      const part = model.add({ ...base, data: { ...base.data }, onAirTime: piece.onAirTime, duration: piece.duration, title: piece.title });
      part.somDelta = piece.somDelta;
    }
  }
  const parts = result.pieces.filter((p) => p.kind === "PART").length;
  messages.push(ok(`split event ${target.id > 0 ? target.id : "(new)"} into ${parts} parts with ${result.pieces.length - parts} breaks`));
  for (const text of remainderMessages(result.remainders, "split")) messages.push(warning(text));
}

/**
 * Writes the model's difference: deletes, rewrites, retimes, inserts. Answers whether anything
 * changed, by how many the number of events changed (what the statements inserted and deleted),
 * and whether every start and duration stayed (the touch then keeps the extremes).
 */
async function writeModel(executor: Executor, target: EventTarget, model: BulkModel, loaded: Map<number, EventValues>): Promise<{ changed: boolean; counted: number; extremesKept: boolean }> {
  const created = model.created();
  const copySources = created.filter((e) => e.copyOf !== undefined).map((e) => e.copyOf!);
  if (copySources.length) {
    const rows = await store.loadEventValuesById(executor, target, copySources.filter((id) => !loaded.has(id)));
    for (const row of rows) loaded.set(row.id, row);
  }
  const inserts = created.map((e) => {
    const base = e.copyOf !== undefined ? { ...loaded.get(e.copyOf)!, locked: false } : e.values!;
    return finalValues(e, base);
  });
  const rewritten = model.rewritten();
  const retimed = model.retimed();
  const deleted = [...model.deletedExisting];
  const cleared = model.cleared ? await store.deleteAllEvents(executor, target) : 0;
  const removed = cleared + (await store.deleteEventIds(executor, target, deleted));
  const updates = rewritten.map(({ id, values }) => ({ id, values, before: loaded.get(id) }));
  await store.updateEvents(executor, target, updates);
  await store.retimeEvents(executor, target, retimed);
  await store.insertEvents(executor, target, inserts);
  const extremesKept = !model.cleared && removed === 0 && inserts.length === 0 && retimed.length === 0 && store.keepTiming(updates);
  return { changed: model.cleared || deleted.length + rewritten.length + retimed.length + inserts.length > 0, counted: inserts.length - removed, extremesKept };
}
