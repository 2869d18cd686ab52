// Marks and updates by criteria (S15, S16, S18; on a change set's draft S20, S21, S22): set-based
// writes over the events matching a search, each one edit of the schedule's events
// (src/schedules/edit-events.ts); the target is touched only when an event changed. Moved here
// from src/checks/, which keeps only read-only reports.
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { MessageType, type Message } from "../common/graphql-types.js";
import { parseIds } from "../common/ids.js";
import { pageRequest, type PageRequest } from "../common/paging.js";
import { plural } from "../common/text.js";
import type { Database, Executor } from "../db/client.js";
import { editScheduleEvents, markEpg, markedMessage, markScte, outcome, requireCriterion, requireEventIds, updateMatching, toSchedule, type EventTarget, type ScheduleRow, type EventsEditTarget } from "../schedules/index.js";
import type { EventFilter } from "../schedules/index.js";
import { checkCueSignals, checkFilter } from "./rules.js";
import type { Programme, SCTE35Signal, SecondaryEvent } from "./nested.js";
import { schedulePage } from "./pages.js";
import { copyIdOfTarget, pageKey, relabelPage } from "./copies.js";
import type { EventCriteriaInput, EventPage, EventPageResult, EventSearchResult } from "./types.js";

/** What updateEventsByCriteria matches and changes. */
export interface UpdateByCriteriaArgs {
  criteria?: EventCriteriaInput | null;
  ids?: string[] | null;
  replacementType?: string | null;
  programme?: Programme | null;
  scte35Signals?: SCTE35Signal[] | null;
  secondaryEvents?: SecondaryEvent[] | null;
}

/**
 * The answer's page: its id names the version (or draft) and the question, so two answers never
 * share a cache entry; a draft's events get the draft's ids (copies.ts).
 */
function pageResult(schedule: ScheduleRow, target: EventTarget, page: EventPage, request: PageRequest, criteria: object | null): EventPageResult {
  const draftId = copyIdOfTarget(target);
  if (draftId) relabelPage(page, draftId);
  const of = draftId ? draftId(String(schedule.id)) : `${schedule.id}@v${schedule.version}`;
  return { id: `${of}#${pageKey(request.page, request.size, criteria)}`, startDate: schedule.startDate, finishDate: schedule.finishDate, page };
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const info = (message: string): Message => ({ message, type: MessageType.INFO });

export class MarkService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /** S15 */
  markEpg(viewer: Viewer, at: EventsEditTarget, criteria: EventCriteriaInput): Promise<EventSearchResult> {
    return this.mark(viewer, at, criteria, "markEpg", "programme", markEpg);
  }

  /** S16 */
  markScte(viewer: Viewer, at: EventsEditTarget, criteria: EventCriteriaInput): Promise<EventSearchResult> {
    return this.mark(viewer, at, criteria, "markScte", "SCTE-35 cue-out/cue-in", markScte);
  }

  private async mark(
    viewer: Viewer,
    at: EventsEditTarget,
    criteria: EventCriteriaInput,
    operation: string,
    what: string,
    write: (tx: Executor, target: EventTarget, filter: EventFilter) => Promise<number>,
  ): Promise<EventSearchResult> {
    requireRole(viewer, "editor");
    checkFilter(criteria);
    requireCriterion(criteria);
    const request = pageRequest(criteria.pageNumber, criteria.pageSize, this.maxPageSize);
    // With changeSetId the draft is marked (its version moves), and the schedule stays as it is.
    return editScheduleEvents(this.db, viewer, { ...at, operation }, async ({ tx, target }) => {
      const changed = await write(tx, target, criteria);
      // A mark writes documents only: the count and the timings stay (the touch neither counts nor reads the extremes).
      return outcome(
        changed,
        async (schedule) => {
          const page = await schedulePage(tx, target, request, criteria);
          const messages = [info(markedMessage(changed, page.totalElements, what))];
          return { content: pageResult(schedule, target, page, request, criteria), messages, schedule: toSchedule(schedule) };
        },
        0,
        undefined,
        true,
      );
    });
  }

  /** S18 */
  async updateByCriteria(viewer: Viewer, at: EventsEditTarget, args: UpdateByCriteriaArgs): Promise<EventSearchResult> {
    requireRole(viewer, "editor");
    const criteria = args.criteria ?? {};
    checkFilter(criteria);
    const ids = args.ids ? [...new Set(parseIds(args.ids, "ids"))] : null;
    if (!hasIds(ids)) requireCriterion(criteria);
    const filter: EventFilter = { ...criteria, ids: intersectIds(criteria.ids, ids) };
    const patch: Record<string, unknown> = {};
    if (args.programme) patch.programme = plain(args.programme);
    if (args.scte35Signals) patch.scte35Signals = plain(args.scte35Signals);
    if (args.secondaryEvents) patch.secondaryEvents = plain(args.secondaryEvents);
    checkLists(args);
    if (!args.replacementType && Object.keys(patch).length === 0) {
      throw badInput("Name at least one change: replacementType, programme, scte35Signals or secondaryEvents", { argument: "replacementType" });
    }
    const request = pageRequest(criteria.pageNumber, criteria.pageSize, this.maxPageSize);
    return editScheduleEvents(this.db, viewer, { ...at, operation: "updateEventsByCriteria" }, async ({ tx, target }) => {
      if (ids) await requireEventIds(tx, target, ids);
      const changed = await updateMatching(tx, target, filter, { replacementType: args.replacementType, patch });
      // Types and documents only: the count and the timings stay.
      return outcome(
        changed,
        async (schedule) => {
          const page = await schedulePage(tx, target, request, filter);
          return {
            content: pageResult(schedule, target, page, request, filter),
            schedule: toSchedule(schedule),
            messages: [info(`${plural(changed, "event")} updated`)],
          };
        },
        0,
        undefined,
        true,
      );
    });
  }
}

const hasIds = (ids: number[] | null): ids is number[] => ids !== null && ids.length > 0;

/** criteria.ids AND the ids argument: the events named by both. */
function intersectIds(criteriaIds: readonly string[] | null | undefined, ids: number[] | null): string[] | null {
  if (!ids) return criteriaIds ? [...criteriaIds] : null;
  if (!criteriaIds) return ids.map(String);
  const named = new Set(parseIds(criteriaIds, "criteria.ids"));
  return ids.filter((id) => named.has(id)).map(String);
}

function checkLists(args: UpdateByCriteriaArgs): void {
  args.scte35Signals?.forEach((s, i) => {
    if (s.duration != null && s.duration < 0) throw badInput(`scte35Signals[${i}].duration must not be negative (ms)`, { field: `scte35Signals[${i}].duration` });
  });
  checkCueSignals(args.scte35Signals);
  args.secondaryEvents?.forEach((s, i) => {
    if (s.offset != null && !Number.isSafeInteger(s.offset)) throw badInput(`secondaryEvents[${i}].offset must be a whole number of ms`, { field: `secondaryEvents[${i}].offset` });
  });
}
