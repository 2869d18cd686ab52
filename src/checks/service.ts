// The checks a scheduler runs before air (issue 4): reads over a schedule (assets, programme
// summary, parameter evaluation, validation) and the writes that fix things in bulk (marks,
// updates by criteria, asset replacement, title sync). Every write is one edit of the timeline
// (src/schedules/edit-timeline.ts), set-based; the target is touched only when an event changed.
import { findAssetRowsByKeys, findAssetsByKeys } from "../assets/index.js";
import { toAsset } from "../assets/index.js";
import { requireRole, requireViewer, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { plural } from "../common/text.js";
import { MessageType, type Message } from "../common/graphql-types.js";
import { parseIds } from "../common/ids.js";
import { pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { checkFilter, type EventFilter } from "../events/index.js";
import { schedulePage } from "../events/index.js";
import type { EventTarget } from "../schedules/index.js";
import { editTimeline, outcome } from "../schedules/index.js";
import type { Event, EventCriteriaInput } from "../events/index.js";
import type { SCTE35Signal, SecondaryEvent, Programme } from "../events/index.js";
import type { Schedule } from "../schedules/index.js";
import { toSchedule } from "../schedules/index.js";
import { markedMessage, requireCriterion } from "../schedules/index.js";
import { firstAndLastStart, markEpg, markScte, replaceInEvents, requireEventIds, syncTitles, updateMatching } from "../schedules/index.js";
import { eventRowsAround, loadCheckedEvents, missingAssetPages, programmePage } from "../schedules/index.js";
import { evaluateParameters, type ParameterEvent } from "./parameters.js";
import { catalogFor, loadEventsForList } from "./reads.js";
import { fillGaps } from "./replace.js";
import type { AssetReplacementInput, EvaluatedParameter, EventSearchResult, ProgrammeSummary, ReplaceAssetResult, ValidationResult } from "./types.js";
import { validate } from "./validation-rules.js";

/** Entries per list of a validation asked with fullList: false. */
export const VALIDATION_PREVIEW = 10;

export interface MarkArgs {
  scheduleId: string;
  criteria: EventCriteriaInput;
  changeSetId?: string | null;
  organization?: string | null;
}

export interface UpdateByCriteriaArgs {
  scheduleId: string;
  criteria?: EventCriteriaInput | null;
  ids?: string[] | null;
  replacementType?: string | null;
  programme?: Programme | null;
  scte35Signals?: SCTE35Signal[] | null;
  secondaryEvents?: SecondaryEvent[] | null;
  changeSetId?: string | null;
  organization?: string | null;
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const info = (message: string): Message => ({ message, type: MessageType.INFO });

export class CheckService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /** EventsSummary.missingAssetsEvents: the pages (of `size`) holding events with no catalog asset. */
  missingAssetPages(scheduleId: number, size: number): Promise<{ total: number; pages: number[] }> {
    return missingAssetPages(this.db, scheduleId, size);
  }

  /** ValidationResult.breaks: the events of the breaks, by id; only their columns when `columnsOnly`. */
  breakEvents(scheduleId: number, ids: number[], columnsOnly: boolean): Promise<Event[]> {
    return loadEventsForList(this.db, scheduleId, ids, columnsOnly);
  }


  /** S32 */
  async programmeSummary(viewer: Viewer | null, schedule: Schedule, page?: number | null, size?: number | null): Promise<ProgrammeSummary> {
    requireViewer(viewer);
    const request = pageRequest(page, size, this.maxPageSize);
    const { entries, total } = await programmePage(this.db, Number(schedule.id), request);
    return { programme: entries, totalElements: total, totalPages: Math.ceil(total / request.size), number: request.page, size: request.size };
  }

  /** S40 */
  async validation(viewer: Viewer | null, schedule: Schedule, channelId?: number | null, fullList?: boolean | null): Promise<ValidationResult> {
    requireViewer(viewer);
    if (channelId !== undefined && channelId !== null && !Number.isSafeInteger(channelId)) throw badInput("channelId must be a whole number", { argument: "channelId" });
    const events = await loadCheckedEvents(this.db, Number(schedule.id));
    const assets = await catalogFor(this.db, schedule.organization, events);
    return validate({
      scheduleId: Number(schedule.id),
      start: events[0]?.onAirTime ?? schedule.startDate?.getTime() ?? null,
      breakMin: schedule.breakMin,
      breakMax: schedule.breakMax,
      channelId: channelId ?? null,
      scheduleChannelId: schedule.channelId,
      events,
      assets,
      fullList: fullList ?? true,
      limit: VALIDATION_PREVIEW,
    });
  }

  /** S35: the command's parameters evaluated at onAirTimeFrom ms after the schedule start. */
  async evaluateParameters(viewer: Viewer | null, schedule: Schedule, onAirTimeFrom: number, command: SecondaryEvent): Promise<EvaluatedParameter[]> {
    requireViewer(viewer);
    if (!Number.isSafeInteger(onAirTimeFrom) || onAirTimeFrom < 0) throw badInput("onAirTimeFrom must be a whole number of ms, 0 or more", { argument: "onAirTimeFrom" });
    const scheduleId = Number(schedule.id);
    const at = (schedule.startDate?.getTime() ?? 0) + onAirTimeFrom;
    const around = await eventsAround(this.db, scheduleId, at);
    const keys = [around.current, around.previous, around.next].flatMap((e) => (e?.assetKey ? [e.assetKey] : []));
    const rows = await findAssetRowsByKeys(this.db, schedule.organization, keys);
    const assets = new Map([...rows].map(([key, row]) => [key, toAsset(row) as unknown as Record<string, unknown>]));
    return evaluateParameters(command.parameters ?? {}, {
      schedule: { id: schedule.id, name: schedule.name, channel: schedule.channel, channelId: schedule.channelId },
      ...around,
      assets,
      substitution: command.substitution ?? {},
    });
  }

  /** S15 */
  markEpg(viewer: Viewer, args: MarkArgs): Promise<EventSearchResult> {
    return this.mark(viewer, args, "markEpg", "programme", markEpg);
  }

  /** S16 */
  markScte(viewer: Viewer, args: MarkArgs): Promise<EventSearchResult> {
    return this.mark(viewer, args, "markScte", "SCTE-35 cue-out/cue-in", markScte);
  }

  private async mark(
    viewer: Viewer,
    args: MarkArgs,
    operation: string,
    what: string,
    write: (tx: Executor, target: EventTarget, filter: EventFilter) => Promise<number>,
  ): Promise<EventSearchResult> {
    requireRole(viewer, "editor");
    checkFilter(args.criteria);
    requireCriterion(args.criteria);
    const request = pageRequest(args.criteria.pageNumber, args.criteria.pageSize, this.maxPageSize);
    // With changeSetId the draft is marked (its version moves), and the schedule stays as it is.
    const options = { operation, scheduleId: args.scheduleId, changeSetId: args.changeSetId, organization: args.organization };
    return editTimeline(this.db, viewer, options, async ({ tx, target }) => {
      const changed = await write(tx, target, args.criteria);
      return outcome(changed, async (schedule) => {
        const page = await schedulePage(tx, target, request, args.criteria);
        const messages = [info(markedMessage(changed, page.totalElements, what))];
        return { content: { id: String(schedule.id), startDate: schedule.startDate, finishDate: schedule.finishDate, page }, messages };
      });
    });
  }

  /** S18 */
  async updateByCriteria(viewer: Viewer, args: UpdateByCriteriaArgs): Promise<EventSearchResult> {
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
    const options = { operation: "updateEventsByCriteria", scheduleId: args.scheduleId, changeSetId: args.changeSetId, organization: args.organization };
    return editTimeline(this.db, viewer, options, async ({ tx, target }) => {
      if (ids) await requireEventIds(tx, target, ids);
      const changed = await updateMatching(tx, target, filter, { replacementType: args.replacementType, patch });
      return outcome(changed, async (schedule) => {
        const page = await schedulePage(tx, target, request, filter);
        return {
          content: { id: String(schedule.id), startDate: schedule.startDate, finishDate: schedule.finishDate, page },
          messages: [info(`${plural(changed, "event")} updated`)],
        };
      });
    });
  }

  /** S33 */
  async replaceAsset(
    viewer: Viewer,
    args: { scheduleId: string; assetId: string; version: number; replacement: AssetReplacementInput; organization?: string | null },
  ): Promise<ReplaceAssetResult> {
    requireRole(viewer, "editor");
    const original = args.assetId.trim();
    const wanted = args.replacement.assetId.trim();
    if (!original) throw badInput("assetId must not be empty", { argument: "assetId" });
    if (!wanted) throw badInput("replacement.assetId must not be empty", { argument: "replacement" });
    if (original === wanted) throw badInput("replacement.assetId must differ from assetId", { argument: "replacement" });
    const options = { operation: "replaceAsset", scheduleId: args.scheduleId, organization: args.organization, version: args.version };
    return editTimeline(this.db, viewer, options, async ({ tx, schedule }) => {
      const found = await findAssetsByKeys(tx, schedule.organization, [original, wanted]);
      const replacement = found.get(wanted);
      if (!replacement) {
        throw badInput(`Asset ${wanted} is not in the catalog of organization ${schedule.organization}`, { argument: "replacement", assetId: wanted });
      }
      const known = found.get(original);
      // Every event whose key names the original asset: by the key given, its assetId or its mediaId.
      const keys = [...new Set([original, ...(known ? [known.assetId, known.mediaId ?? original] : [])])];
      const replaced = await replaceInEvents(tx, schedule.id, keys, replacement);
      if (replaced.length === 0 && !known) {
        throw badInput(`Asset ${original} is neither in the catalog nor used by an event of schedule ${schedule.id}`, { argument: "assetId", assetId: original });
      }
      if (replaced.length === 0) return outcome(false, () => resultOf([], null, replacement.mediaId ?? replacement.assetId, known?.mediaId ?? original));
      const originalMediaId = known?.mediaId ?? replaced.find((r) => r.oldMediaId)?.oldMediaId ?? original;
      if (args.replacement.fillGaps) await fillGaps(tx, schedule.id, replaced);
      const times = await firstAndLastStart(tx, schedule.id, replaced.map((r) => r.id));
      return outcome(true, () => resultOf(replaced, times, replacement.mediaId ?? replacement.assetId, originalMediaId));
    });
  }

  /** S38 */
  async syncEventTitles(viewer: Viewer, scheduleId: string, eventIds: string[], organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    const ids = [...new Set(parseIds(eventIds, "eventIds"))];
    if (ids.length === 0) throw badInput("eventIds must name at least one event", { argument: "eventIds" });
    return editTimeline(this.db, viewer, { operation: "syncEventTitles", scheduleId, organization }, async ({ tx, schedule, target }) => {
      await requireEventIds(tx, target, ids);
      const changed = await syncTitles(tx, schedule.id, schedule.organization, ids);
      return outcome(changed, toSchedule);
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
  args.secondaryEvents?.forEach((s, i) => {
    if (s.offset != null && !Number.isSafeInteger(s.offset)) throw badInput(`secondaryEvents[${i}].offset must be a whole number of ms`, { field: `secondaryEvents[${i}].offset` });
  });
}

function resultOf(replaced: unknown[], times: { first: number; last: number } | null, newMediaId: string, originalMediaId: string): ReplaceAssetResult {
  return {
    eventsModified: replaced.length,
    firstEventTime: times ? new Date(times.first) : null,
    lastEventTime: times ? new Date(times.last) : null,
    newMediaId,
    originalMediaId,
  };
}

/** The event on air at `at` (the latest-starting one), and the events just before and after it. */
async function eventsAround(executor: Executor, scheduleId: number, at: number): Promise<{ current: ParameterEvent | null; previous: ParameterEvent | null; next: ParameterEvent | null }> {
  const { current, previous, next } = await eventRowsAround(executor, scheduleId, at);
  const of = (r: Record<string, unknown> | null): ParameterEvent | null =>
    r && {
      id: Number(r.id),
      onAirTime: Number(r.t),
      duration: Number(r.d),
      eventType: r.y as string,
      title: (r.title as string | null) ?? null,
      mediaId: (r.m as string | null) ?? null,
      houseId: (r.h as string | null) ?? null,
      assetKey: (r.k as string | null) ?? null,
    };
  return { current: of(current), previous: of(previous), next: of(next) };
}
