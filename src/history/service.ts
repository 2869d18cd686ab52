// History of schedules: the entries, a schedule as it was at a version, the diff of two versions,
// and revert. Everything is rewound from the current state with the stored diffs (rewind.ts).
import type { Viewer } from "../common/auth.js";
import { badInput, conflict } from "../common/errors.js";
import { pageMeta, pageRequest, shownTotal } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { changedFields } from "../changesets/index.js";
import type { ChangeList, ChangeSetDiff } from "../changesets/index.js";
import { heavyWork } from "../common/heavy-work.js";
import { checkBudget, checkpoint } from "../common/request-budget.js";
import { relabelEvent, relabelPage, toEvent, versionCopyId } from "../events/index.js";
import { buildPage } from "../events/index.js";
import type { EventPage } from "../events/index.js";
import { scheduleRowOf, storedEventRowOf, toSchedule } from "../schedules/index.js";
import { editScheduleEvents, outcome } from "../schedules/index.js";
import { findSchedule, scheduleEventCount } from "../schedules/index.js";
import { writeRevertedEvents, writeRevertedScheduleColumns } from "../schedules/index.js";
import { currentEvents, currentTimings, loadEventsById, lockedOnAir, scheduleColumns, scheduleTarget, untouchedEvents } from "../schedules/index.js";
import type { ScheduleRow } from "../schedules/index.js";
import { EVENT_DERIVING_COLUMNS } from "../schedules/index.js";
import type { Schedule } from "../schedules/index.js";
import { fieldChangesOf, HISTORY_ENTRY_READS } from "./mapper.js";
import { differsBeyondVersion, rewindEvents, rewindEventsCooperatively, rewindSchedule, type Columns, type EventChangeRecord } from "./rewind.js";
import * as store from "./store.js";
import { foldedHistoryPage, foldedHistoryRead } from "./fold.js";
import type { FoldedField } from "../common/selection.js";
import type { GraphQLResolveInfo } from "graphql";
import type { ScheduleColumnFold } from "../schedules/index.js";
import type { ScheduleHistoryRow } from "./tables.js";
import { HistoryChangeKind, type ChangedEventPage, type HistoryEventChange, type HistoryEventChangePage, type ScheduleHistoryPage } from "./types.js";

/** A schedule as it was at a version: Schedule.events of it answers that version's events. */
export type HistoricSchedule = Schedule & { historicVersion?: number; historic?: { entries: ScheduleHistoryRow[]; columns: Columns } };

const ORDER = [{ property: "versionAfter", direction: "DESC" as const }];
const CHANGE_ORDER = [{ property: "seq", direction: "ASC" as const }];
const CHANGED_ORDER = [{ property: "eventId", direction: "ASC" as const }];

/** The schedule and its touched events at one version. */
interface Rewound {
  schedule: Columns;
  /** Every event changed after the version: its row then, or null (not there then). */
  events: Map<number, Columns | null>;
  /** The same events now (absent: not there now). */
  current: Map<number, Columns>;
}

const byAirOrder = (a: Columns, b: Columns) => Number(a.on_air_time) - Number(b.on_air_time) || Number(a.id) - Number(b.id);

export class HistoryService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /** Query.schedules (a page) or Query.schedule: each schedule's history page read in the same statement, when `info` asks it once (fold.ts). */
  foldedRead(info: GraphQLResolveInfo, answers: FoldedField): ScheduleColumnFold | null {
    return foldedHistoryRead(info, answers, this.maxPageSize);
  }

  /** Schedule.history: entries newest first, with the fields of `plan`, counted when `withTotal`. */
  async history(viewer: Viewer, schedule: Schedule, page?: number | null, size?: number | null, plan = HISTORY_ENTRY_READS.everything, withTotal = true): Promise<ScheduleHistoryPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    const events = await scheduleEventCount(this.db, viewer, schedule);
    const read = async () => foldedHistoryPage(schedule, request, plan, withTotal) ?? store.entriesPage(this.db, Number(schedule.id), plan, request, withTotal);
    const { rows, total } = await heavyWork("Schedule.history", viewer.userId, events, read);
    return { content: rows.map((row) => HISTORY_ENTRY_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, ORDER) };
  }

  /**
   * Schedule.changedEvents: the events the change that made the schedule's version touched, as
   * they are now (a mutation's answer: what it changed, with the new versions), by event id.
   */
  async changedEvents(viewer: Viewer, schedule: Schedule, page?: number | null, size?: number | null, withTotal = true): Promise<ChangedEventPage> {
    const request = pageRequest(page, size ?? 100, this.maxPageSize);
    const scheduleId = Number(schedule.id);
    const { events, total } = await store.versionEventIds(this.db, scheduleId, schedule.version, EVENT_DERIVING_COLUMNS, request.page * request.size, request.size, withTotal);
    const rows = await loadEventsById(this.db, scheduleTarget(scheduleId), events.filter((e) => !e.removed).map((e) => e.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const content = events.map(({ id, removed }) => {
      const row = byId.get(id);
      return { eventId: String(id), removed, event: row ? toEvent(row) : null };
    });
    return { content, ...pageMeta(request, total, content.length, CHANGED_ORDER) };
  }

  /** ScheduleHistoryEntry.eventChangePage: eventChanges as a page, with how many there are when `withTotal`. */
  async entryEventChangePage(viewer: Viewer, entryId: string, page?: number | null, size?: number | null, withTotal = true): Promise<HistoryEventChangePage> {
    const request = pageRequest(page, size ?? 100, this.maxPageSize);
    const [changes, counted] = await Promise.all([
      store.entryEventChanges(this.db, Number(entryId), request.page * request.size, request.size),
      withTotal ? store.entryEventChangeCount(this.db, Number(entryId)) : null,
    ]);
    return { content: changes.map(eventChangeOf), ...pageMeta(request, counted ?? shownTotal(request, changes.length), changes.length, CHANGE_ORDER) };
  }

  /** ScheduleHistoryEntry.eventChanges: one page of what an entry did to events, in the order it did it. */
  async entryEventChanges(viewer: Viewer, entryId: string, page?: number | null, size?: number | null): Promise<HistoryEventChange[]> {
    const request = pageRequest(page, size ?? 100, this.maxPageSize);
    const changes = await store.entryEventChanges(this.db, Number(entryId), request.page * request.size, request.size);
    return changes.map(eventChangeOf);
  }

  /** Schedule.atVersion: the schedule's fields as they were; its `events` answer that version's events. */
  async atVersion(viewer: Viewer, schedule: Schedule, version: number): Promise<HistoricSchedule> {
    const row = await findSchedule(this.db, viewer!, schedule.id, schedule.organization);
    if (version === row.version) return toSchedule(row);
    const [, entries, now] = await heavyWork("Schedule.atVersion", viewer.userId, row.eventCount, () =>
      Promise.all([this.checkReachable(this.db, row, version), store.entriesAfter(this.db, row.id, version), scheduleColumns(this.db, row.id)]),
    );
    const columns = rewindSchedule(now, entries.map((e) => e.scheduleChanges));
    // What its events field needs travels with the answer: the entries are not read again.
    return { ...toSchedule(scheduleRowOf({ ...columns, version })), historicVersion: version, historic: { entries, columns } };
  }

  /**
   * Schedule.events of a schedule answered by atVersion: the events of that version, paged in air
   * order like Schedule.events. Two passes: the changes after the version, reduced by PostgreSQL
   * to each event's presence, start and duration then (store.timingsBefore), place the events
   * that moved (which of them fall on the page, how many there are); only the page's changed
   * events are then rewound whole.
   */
  async eventsAt(viewer: Viewer, schedule: HistoricSchedule, page: number | null | undefined, size: number | null | undefined, filtered: boolean): Promise<EventPage> {
    if (filtered) throw badInput("events of an earlier version (atVersion) take page and size only, no term, eventType, from or to");
    const request = pageRequest(page, size, this.maxPageSize);
    const row = await findSchedule(this.db, viewer!, schedule.id, schedule.organization);
    const version = schedule.historicVersion!;
    let historic = schedule.historic;
    if (!historic) {
      await this.checkReachable(this.db, row, version);
      const entries = await store.entriesAfter(this.db, row.id, version);
      historic = { entries, columns: rewindSchedule(await scheduleColumns(this.db, row.id), entries.map((e) => e.scheduleChanges)) };
    }
    const entryIds = historic.entries.map((e) => e.id);
    const before = await store.timingsBefore(this.db, entryIds);
    const touched = before.map((b) => b.id);
    // Placed apart: the events whose presence, start or duration then differs from now. The others
    // (a change of title or data, say) stand where the schedule's index has them.
    const moved = before.filter((b) => b.existed !== b.existsNow || b.onAirTime !== null || b.duration !== null);
    const timingsNow = await currentTimings(
      this.db,
      row.id,
      moved.filter((b) => b.existed && b.existsNow && (b.onAirTime === null || b.duration === null)).map((b) => b.id),
    );
    const placed: Columns[] = moved.flatMap((b) => {
      const now = timingsNow.get(b.id);
      const onAirTime = b.onAirTime ?? now?.on_air_time;
      const duration = b.duration ?? now?.duration;
      return b.existed && onAirTime !== undefined && duration !== undefined ? [{ id: b.id, on_air_time: onAirTime, duration }] : [];
    });
    const total = row.eventCount - moved.filter((b) => b.existsNow).length + placed.length;
    const need = (request.page + 1) * request.size;
    // Every event before the page's end: the first unmoved ones by the index, and the placed ones.
    const untouched = await untouchedEvents(
      this.db,
      row.id,
      moved.map((b) => b.id),
      need,
    );
    const merged = [...untouched, ...placed].sort(byAirOrder).slice(0, need);
    const onPage = new Set(merged.slice(request.page * request.size).map((c) => Number(c.id)));
    const pageTouched = touched.filter((id) => onPage.has(id));
    const [changes, current] = await Promise.all([store.eventChangesOf(this.db, entryIds, pageTouched), currentEvents(this.db, row.id, pageTouched)]);
    const whole = rewindEvents(current, changes);
    const origin = Number(historic.columns.time_origin);
    let latestEnd: number | null = null;
    const paged = merged.map((columns) => {
      const full = whole.get(Number(columns.id)) ?? columns;
      const event = storedEventRowOf(full, row.id, row.organization, origin);
      const previousEnd = latestEnd;
      latestEnd = Math.max(latestEnd ?? -Infinity, event.onAirTime + event.duration);
      return { row: event, previousEnd };
    });
    return relabelPage(buildPage(paged.slice(request.page * request.size), total, request), (id) => versionCopyId(id, version));
  }

  /** scheduleDiff: what going from one version to the other changes, in the change-set diff shape. */
  async diff(viewer: Viewer, scheduleId: string, fromVersion: number, toVersion: number, organization?: string | null): Promise<ChangeSetDiff> {
    const row = await findSchedule(this.db, viewer!, scheduleId, organization);
    // Both versions are rebuilt from the schedule: its events are touched twice.
    return heavyWork("Query.scheduleDiff", viewer.userId, 2 * row.eventCount, () => this.diffOf(row, fromVersion, toVersion));
  }

  private async diffOf(row: ScheduleRow, fromVersion: number, toVersion: number): Promise<ChangeSetDiff> {
    const [from, to] = await this.rewindBoth(this.db, row, fromVersion, toVersion);
    checkBudget();
    const fromOrigin = Number(from.schedule.time_origin);
    const toOrigin = Number(to.schedule.time_origin);
    const event = (columns: Columns, origin: number) => storedEventRowOf(columns, row.id, row.organization, origin);
    const ids = new Set([...from.events.keys(), ...to.events.keys()]);
    const thenOf = (side: Rewound, id: number) => (side.events.has(id) ? side.events.get(id)! : (side.current.get(id) ?? null));
    const added: Columns[] = [];
    const removed: Columns[] = [];
    const changed: { before: Columns; after: Columns; fields: string[] }[] = [];
    let done = 0;
    for (const id of ids) {
      await checkpoint(++done);
      const a = thenOf(from, id);
      const b = thenOf(to, id);
      if (!a && b) added.push(b);
      else if (a && !b) removed.push(a);
      else if (a && b) {
        // Only the names of the fields that differ are kept here; the page asked builds its events.
        const fields = changedFields(event(a, fromOrigin), event(b, toOrigin));
        if (fields.length > 0) changed.push({ before: a, after: b, fields });
      }
    }
    // Both sides are earlier versions (or the current one): ids of their own (events/copies.ts).
    const atFrom = (id: string) => versionCopyId(id, fromVersion);
    const atTo = (id: string) => versionCopyId(id, toVersion);
    changed.sort((x, y) => byAirOrder(x.after, y.after));
    checkBudget();
    const list: ChangeList = {
      count: changed.length,
      slice: (start, end) =>
        changed.slice(start, end).map(({ before, after, fields }) => ({
          id: `${after.id}@v${fromVersion}..v${toVersion}`,
          eventId: String(after.id),
          fields,
          before: relabelEvent(toEvent(event(before, fromOrigin)), atFrom),
          after: relabelEvent(toEvent(event(after, toOrigin)), atTo),
        })),
    };
    return {
      added: added.sort(byAirOrder).map((c) => relabelEvent(toEvent(event(c, toOrigin)), atTo)),
      removed: removed.sort(byAirOrder).map((c) => relabelEvent(toEvent(event(c, fromOrigin)), atFrom)),
      changed: list,
      changedCount: list.count,
    };
  }

  /**
   * revertSchedule: writes the events and fields of `toVersion` as a new version, in one
   * transaction. Refused: a stale `version` (CONFLICT), a schedule not NOT_ARCHIVED (CONFLICT), a
   * target version that was archived or still being imported (BAD_USER_INPUT), and a change to a
   * locked event on air now (CONFLICT, extensions.eventIds).
   */
  async revert(viewer: Viewer, scheduleId: string, toVersion: number, version: number, organization?: string | null): Promise<Schedule> {
    // editScheduleEvents: role, transaction, lock, the version check (CONFLICT), the history note, the touch.
    return editScheduleEvents(this.db, viewer, { operation: "revertSchedule", scheduleId, organization, version }, async ({ tx, schedule: row }) => {
      if (row.archiveStatus !== "NOT_ARCHIVED") {
        throw conflict(`schedule ${row.id} is ${row.archiveStatus}: restore it before reverting it`, { archiveStatus: row.archiveStatus });
      }
      const rewound = await this.rewind(tx, row, toVersion);
      if (rewound.schedule.archive_status !== "NOT_ARCHIVED" || rewound.schedule.visibility !== "VISIBLE") {
        throw badInput(`version ${toVersion} of schedule ${row.id} is an archived or unfinished (importing) state, which cannot be made current`, { argument: "toVersion" });
      }
      const removed: number[] = [];
      const changed: Columns[] = [];
      const restored: Columns[] = [];
      let handled = 0;
      for (const [id, then] of rewound.events) {
        await checkpoint(++handled);
        const now = rewound.current.get(id);
        if (!then && now) removed.push(id);
        else if (then && !now) restored.push(then);
        else if (then && now && differsBeyondVersion(then, now)) changed.push({ ...then, version: now.version });
      }
      const originMoves = Number(rewound.schedule.time_origin) !== row.timeOrigin;
      const locked = await lockedOnAir(tx, row.id, originMoves ? "all" : [...removed, ...changed.map((c) => Number(c.id))], Date.now());
      if (locked.length) {
        throw conflict(`locked events on air now would change: ${locked.join(", ")}; unlock them or wait until they have aired`, { eventIds: locked.map(String) });
      }
      await writeRevertedScheduleColumns(tx, row.id, rewound.schedule);
      await writeRevertedEvents(tx, row.id, removed, changed, restored);
      // Always a new version, also when toVersion equals the current state (the history says so).
      // The events written back are known: the count moves by those restored less those removed.
      return outcome(true, (touched) => toSchedule(touched), restored.length - removed.length);
    });
  }

  /** The schedule and the events changed since `version`, as they were at it. */
  private async rewind(executor: Executor, row: ScheduleRow, version: number): Promise<Rewound> {
    const [rewound] = await this.rewindBoth(executor, row, version);
    return rewound;
  }

  /**
   * Each version rewound, reading the history once (from the oldest of them). Where the time
   * origin differs between them every event is compared (a shift moves them all).
   */
  private async rewindBoth(executor: Executor, row: ScheduleRow, ...versions: number[]): Promise<Rewound[]> {
    const oldest = Math.min(...versions);
    const [, entries, now] = await Promise.all([
      Promise.all(versions.map((v) => this.checkReachable(executor, row, v))),
      store.entriesAfter(executor, row.id, oldest),
      scheduleColumns(executor, row.id),
    ]);
    const changes = await store.eventChanges(executor, entries.map((e) => e.id));
    const schedules = versions.map((v) => rewindSchedule(now, entries.filter((e) => e.versionAfter > v).map((e) => e.scheduleChanges)));
    const origins = new Set(schedules.map((s) => Number(s.time_origin)));
    // The loops below give other requests a turn every few thousand items and stop at the deadline.
    let handled = 0;
    const touchedIds = new Set<number>();
    for (const change of changes) {
      await checkpoint(++handled);
      touchedIds.add(change.eventId);
    }
    const touched = [...touchedIds];
    const current = await currentEvents(executor, row.id, origins.size > 1 ? "all" : touched);
    const out: Rewound[] = [];
    for (const [i, v] of versions.entries()) {
      const after = new Set(entries.filter((e) => e.versionAfter > v).map((e) => e.id));
      const afterV: EventChangeRecord[] = [];
      for (const change of changes) {
        await checkpoint(++handled);
        if (after.has(change.historyId)) afterV.push(change);
      }
      const events = await rewindEventsCooperatively(current, afterV, () => checkpoint(++handled));
      // Events no change after v touched but that the other version needs (a moved origin): as they are now.
      if (origins.size > 1) {
        for (const [id, columns] of current) {
          await checkpoint(++handled);
          if (!events.has(id)) events.set(id, columns);
        }
      }
      for (const id of touched) {
        await checkpoint(++handled);
        if (!events.has(id)) events.set(id, current.get(id) ?? null);
      }
      out.push({ schedule: schedules[i], events, current });
    }
    return out;
  }

  private async checkReachable(executor: Executor, row: ScheduleRow, version: number): Promise<void> {
    if (!Number.isInteger(version) || version < 1 || version > row.version) {
      throw badInput(`version must be from 1 to the schedule's current version ${row.version} (got ${version})`, { argument: "version" });
    }
    if (version === row.version) return;
    const oldest = await store.oldestReachable(executor, row.id);
    if (oldest === null || version < oldest) {
      throw badInput(`version ${version} is older than the history kept for schedule ${row.id} (HISTORY_RETENTION_DAYS); the oldest is ${oldest ?? row.version}`, {
        argument: "version",
        oldestVersion: oldest ?? row.version,
      });
    }
  }
}


const KINDS = { A: HistoryChangeKind.ADDED, R: HistoryChangeKind.REMOVED, C: HistoryChangeKind.CHANGED } as const;

function eventChangeOf(change: EventChangeRecord): HistoryEventChange {
  return { eventId: String(change.eventId), kind: KINDS[change.kind], changes: fieldChangesOf(change.oldValues, change.newValues) };
}

/**
 * The ids of the events the change that made `version` created or changed, still there (a change of
 * a column every event is read through names them all), at most `limit`, and how many there are.
 */
export async function changedEventIds(executor: Executor, scheduleId: number, version: number, limit: number): Promise<{ ids: Set<number>; total: number }> {
  const { events, total } = await store.versionEventIds(executor, scheduleId, version, EVENT_DERIVING_COLUMNS, 0, limit);
  return { ids: new Set(events.filter((e) => !e.removed).map((e) => e.id)), total };
}
