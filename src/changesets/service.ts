// Change sets: drafts of a schedule's events, edited by the event
// mutations through src/schedules/target.ts, reviewed as a diff, applied onto the schedule in one
// transaction or discarded. Applied and discarded change sets are deleted.
import { OPEN_CHANGE_SETS_CEILING } from "../config-types.js";
import { requireRole, scopeForRecord, type Viewer } from "../common/auth.js";
import { AppError, badInput, conflict, notFound } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import { pageMeta, pageRequest, type PageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { checkFilter } from "../events/index.js";
import { draftCopyId, relabelEvent, relabelPage, toEvent } from "../events/index.js";
import { pageAt, targetsPages } from "../events/index.js";
import type { EventsPageArgs } from "../events/index.js";
import { draftTarget } from "../schedules/index.js";
import type { EventCriteriaInput, EventPage } from "../events/index.js";
import { toSchedule } from "../schedules/index.js";
import { editScheduleEvents, outcome } from "../schedules/index.js";
import type { ChangeSetRow, Schedule } from "../schedules/index.js";
import type { ReadPlan } from "../common/read-plan.js";
import { CHANGE_SET_READS, toChangeSet } from "./mapper.js";
import { changedFields } from "./rules.js";
import * as store from "../schedules/index.js";
import type { ChangeList, ChangeSet, ChangeSetDiff, ChangeSetPage, EventChange } from "./types.js";
import { listPageRequest } from "../common/paging.js";
import { checkpoint } from "../common/request-budget.js";

/** The fields read of a change set (CHANGE_SET_READS.planFor). */
type ChangeSetPlan = ReadPlan<ChangeSetRow>;

/** The change set with this id in the caller's organization, or NOT_FOUND (also for other organizations'). */
async function findChangeSet(executor: Executor, viewer: Viewer, id: string | number, organization?: string | null, lock = false, plan: ChangeSetPlan | null = null): Promise<ChangeSetRow> {
  const changeSetId = parseId(id, "id");
  const org = scopeForRecord(viewer, organization);
  if (org === null) throw notFound("ChangeSet", changeSetId);
  const row = await store.changeSetRow(executor, changeSetId, org, lock, plan);
  if (!row) throw notFound("ChangeSet", changeSetId);
  return row;
}

const OLDEST_FIRST = [{ property: "id", direction: "ASC" as const }];

export class ChangeSetService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
    /** MAX_OPEN_CHANGE_SETS: what `list` may hold, and what a schedule may have open. */
    private readonly maxOpen = 20,
  ) {}

  /** A draft copy of every event of the schedule, taken at its current version (one INSERT … SELECT). */
  async create(viewer: Viewer, scheduleId: string, organization?: string | null): Promise<ChangeSet> {
    // The lock keeps event writers out, so the copy and baseVersion agree.
    return editScheduleEvents(this.db, viewer, { operation: "createChangeSet", scheduleId, organization }, async ({ tx, schedule }) => {
      const row = await store.insertChangeSet(tx, schedule, viewer.userId, this.maxOpen);
      await store.copyIntoDraft(tx, row.id, schedule.id);
      // The schedule's events did not change; the new draft is born with its counters.
      return outcome(false, () => toChangeSet(row));
    });
  }

  /** The open change sets of a schedule, oldest first; `plan`: the fields read of each (CHANGE_SET_READS). */
  async list(viewer: Viewer, scheduleId: string, organization?: string | null, plan: ChangeSetPlan = CHANGE_SET_READS.everything): Promise<ChangeSet[]> {
    // Every open change set: at most maxOpen (insertChangeSet holds to it); read up to the setting's
    // ceiling, so that a bound lowered after more were opened still lists them all.
    const { rows } = await this.visibleRows(viewer, scheduleId, organization, { page: 0, size: OPEN_CHANGE_SETS_CEILING }, false, plan);
    return rows.map((row) => CHANGE_SET_READS.toOutput(row, plan));
  }

  /** The change sets of `list` as a page, oldest first, with how many there are when the page reads it. */
  async page(viewer: Viewer, scheduleId: string, organization?: string | null, page?: number | null, size?: number | null, withTotal = true, plan: ChangeSetPlan = CHANGE_SET_READS.everything): Promise<ChangeSetPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    const { rows, total } = await this.visibleRows(viewer, scheduleId, organization, request, withTotal, plan);
    return { content: rows.map((row) => CHANGE_SET_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, OLDEST_FIRST) };
  }

  /** The schedule's change sets when the caller may see the schedule (one statement), else NOT_FOUND as for a missing schedule. */
  private async visibleRows(viewer: Viewer, scheduleId: string, organization: string | null | undefined, request: PageRequest, withTotal: boolean, plan: ChangeSetPlan): Promise<{ rows: ChangeSetRow[]; total: number }> {
    const id = parseId(scheduleId, "scheduleId");
    const org = scopeForRecord(viewer, organization);
    const found = org === null ? null : await store.visibleChangeSetRows(this.db, id, org, request, withTotal, plan);
    if (!found) throw notFound("Schedule", id);
    return found;
  }

  /** One change set (the fields of `plan`); null when unknown or not visible (like `job`). */
  async get(viewer: Viewer, id: string, organization?: string | null, plan: ChangeSetPlan = CHANGE_SET_READS.everything): Promise<ChangeSet | null> {
    try {
      return CHANGE_SET_READS.toOutput(await findChangeSet(this.db, viewer, id, organization, false, plan), plan);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return null;
      throw error;
    }
  }

  /**
   * Writes the draft onto the schedule (version + 1) and deletes the change set. `version` is the
   * schedule's. When an event the draft changed or removed was changed on the schedule since the
   * draft was taken: CONFLICT naming them (extensions.eventIds), nothing written.
   */
  async apply(viewer: Viewer, id: string, version: number, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    // Which schedule: read first; the edit then locks the schedule, then the change set again
    // (locked): the order every writer of both takes.
    const found = await findChangeSet(this.db, viewer, id, organization);
    const options = { operation: "applyChangeSet", scheduleId: found.scheduleId, organization: found.organization, version };
    return editScheduleEvents(this.db, viewer, options, async ({ tx, schedule }) => {
      const changeSet = await findChangeSet(tx, viewer, found.id, found.organization, true);
      const conflicts = await store.conflictingEvents(tx, changeSet.id, schedule.id);
      if (conflicts.length) {
        throw conflict(`events changed on the schedule since the change set was taken: ${conflicts.join(", ")}`, {
          eventIds: conflicts.map(String),
          currentVersion: schedule.version,
        });
      }
      const counted = await store.mergeDraft(tx, changeSet.id, schedule.id);
      return outcome(
        true,
        async () => {
          const applied = await store.markApplied(tx, schedule.id);
          await store.deleteChangeSet(tx, changeSet.id);
          return toSchedule(applied);
        },
        counted,
      );
    });
  }

  /** Deletes the change set and its draft; answers it as it was. */
  async discard(viewer: Viewer, id: string, organization?: string | null): Promise<ChangeSet> {
    requireRole(viewer, "editor");
    return this.db.transaction(async (tx) => {
      const changeSet = await findChangeSet(tx, viewer, id, organization, true);
      await store.deleteChangeSet(tx, changeSet.id);
      return toChangeSet(changeSet);
    });
  }

  /** ChangeSet.events of several change sets (the DataLoader's batch): their drafts' events, paged and filtered as Schedule.events. */
  async pagesOf(changeSets: ChangeSet[], args: EventsPageArgs): Promise<Map<number, EventPage>> {
    checkFilter(args.filter);
    const pages = await targetsPages(this.db, changeSets.map((c) => this.target(c)), pageRequest(args.page, args.size, this.maxPageSize), args.filter);
    // Draft events keep their type; their ids are the draft's own (events/copies.ts).
    for (const [changeSetId, page] of pages) relabelPage(page, (id) => draftCopyId(id, changeSetId));
    return pages;
  }

  /** S19: the page of the draft holding the event on air at `time`. */
  async pageAt(viewer: Viewer, changeSet: ChangeSet, time: Date, pageSize: number, criteria?: EventCriteriaInput | null): Promise<number> {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > this.maxPageSize) {
      throw badInput(`pageSize must be from 1 to ${this.maxPageSize}`, { argument: "pageSize" });
    }
    checkFilter(criteria);
    return pageAt(this.db, this.target(changeSet), time.getTime(), pageSize, criteria);
  }

  /** What applying would do: added and removed events, and the changed ones with the names of the fields that differ. */
  async diff(viewer: Viewer, changeSet: ChangeSet): Promise<ChangeSetDiff> {
    const id = Number(changeSet.id);
    const scheduleId = Number(changeSet.scheduleId);
    const [added, removed, after, before] = await Promise.all([
      store.addedEvents(this.db, id, scheduleId),
      store.removedEvents(this.db, id, scheduleId),
      store.changedDraftEvents(this.db, id, scheduleId),
      store.scheduleVersionsOfChanged(this.db, id, scheduleId),
    ]);
    const beforeById = new Map(before.map((row) => [row.id, row]));
    const asDraft = (eventId: string) => draftCopyId(eventId, changeSet.id);
    const changed: { fields: string[]; old: (typeof before)[number]; row: (typeof after)[number] }[] = [];
    for (let i = 0; i < after.length; i++) {
      await checkpoint(i);
      const row = after[i];
      // An event the schedule has deleted since has no "before": apply answers CONFLICT for it.
      const old = beforeById.get(row.id);
      if (!old) continue;
      const fields = changedFields(old, row);
      if (fields.length) changed.push({ fields, old, row });
    }
    const list: ChangeList = {
      count: changed.length,
      // before and removed are the schedule's events as they are now: the live records, live ids.
      slice: (from, to) =>
        changed.slice(from, to).map(({ fields, old, row }): EventChange => ({ id: asDraft(String(row.id)), eventId: String(row.id), fields, before: toEvent(old), after: relabelEvent(toEvent(row), asDraft) })),
    };
    return { added: added.map((row) => relabelEvent(toEvent(row), asDraft)), removed: removed.map(toEvent), changed: list, changedCount: list.count };
  }

  /** ChangeSetDiff.changed: one page of the changes (default LIST_PAGE_SIZE of them). */
  changedPage(diff: ChangeSetDiff, page?: number | null, size?: number | null): EventChange[] {
    const request = listPageRequest(page, size, this.maxPageSize);
    return diff.changed.slice(request.page * request.size, (request.page + 1) * request.size);
  }

  private target(changeSet: ChangeSet) {
    return draftTarget({ id: Number(changeSet.id), scheduleId: Number(changeSet.scheduleId) });
  }
}
