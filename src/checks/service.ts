// The checks a scheduler runs before air: read-only reports over a schedule (assets,
// programme summary, parameter evaluation, validation). The writes that fix what they find (marks,
// updates by criteria, asset replacement, title sync) are in src/events/ (marks-service.ts,
// catalog-service.ts).
import { findAssetRowsByKeys, findAssetsByKeys } from "../assets/index.js";
import { broadcastDateLookup } from "../localtime/index.js";
import { channelRuns, clockOfSchedule } from "../schedules/index.js";
import { hasRunCaps, type OtherRun } from "../traffic/index.js";
import { toAsset } from "../assets/index.js";
import type { Viewer } from "../common/auth.js";
import { badInput, notFound } from "../common/errors.js";
import { listPageRequest, pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import type { Event, SecondaryEvent } from "../events/index.js";
import type { Schedule } from "../schedules/index.js";
import { broadcastDayRange, eventRowsAround, loadCheckedEvents, missingAssetPages, programmePage, scheduleEventCount, type InstantRange } from "../schedules/index.js";
import { changeSetRow, draftTarget, findSchedule, scheduleTarget, toSchedule, type EventTarget } from "../schedules/index.js";
import { heavyWork } from "../common/heavy-work.js";
import { checkBudget, checkpointEvery } from "../common/request-budget.js";
import { evaluateParameters, type ParameterEvent } from "./parameters.js";
import { catalogFor, loadEventsForList } from "./reads.js";
import type { EvaluatedParameter, IntroducedIssues, ProgrammeSummary, TimelineIssue, ValidationResult } from "./types.js";
import { changedEventIds } from "../history/index.js";
import { validateCooperatively, type CatalogAsset } from "./validation-rules.js";

/** Entries per list of a validation asked with fullList: false. */
export const VALIDATION_PREVIEW = 10;

export class CheckService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /** EventsSummary.missingAssetsEvents: the pages (of `size`) holding events with no catalog asset. */
  missingAssetPages(scheduleId: number, size: number, range: InstantRange | null = null): Promise<{ total: number; pages: number[] }> {
    return missingAssetPages(this.db, scheduleId, size, range);
  }

  /** ValidationResult.breaks: one page of the breaks with their events (only their columns when `columnsOnly`). */
  async breaksPage(result: ValidationResult, columnsOnly: boolean, page?: number | null, size?: number | null): Promise<Event[][]> {
    const request = listPageRequest(page, size, this.maxPageSize);
    const breaks = result.breakEventIds.slice(request.page * request.size, (request.page + 1) * request.size);
    const events = await loadEventsForList(this.db, Number(result.scheduleId), breaks.flat(), columnsOnly);
    const byId = new Map(events.map((e) => [Number(e.id), e]));
    return breaks.map((ids) => ids.flatMap((id) => byId.get(id) ?? []));
  }

  /** ValidationResult.gaps: one page of them. */
  gapsPage(result: ValidationResult, page?: number | null, size?: number | null): TimelineIssue[] {
    const request = listPageRequest(page, size, this.maxPageSize);
    return result.gaps.slice(request.page * request.size, (request.page + 1) * request.size);
  }


  /** S32 */
  async programmeSummary(viewer: Viewer, schedule: Schedule, page?: number | null, size?: number | null, broadcastDate?: string | null, withTotal = true): Promise<ProgrammeSummary> {
    const request = pageRequest(page, size, this.maxPageSize);
    const events = await scheduleEventCount(this.db, viewer, schedule);
    const { entries, total } = await heavyWork("Schedule.programmeSummary", viewer.userId, events, () => programmePage(this.db, Number(schedule.id), request, broadcastDayRange(schedule, broadcastDate), withTotal));
    return { programme: entries, totalElements: total, totalPages: Math.ceil(total / request.size), number: request.page, size: request.size };
  }

  /** S40 */
  async validation(viewer: Viewer, schedule: Schedule, channelId?: number | null, fullList?: boolean | null): Promise<ValidationResult> {
    const count = await scheduleEventCount(this.db, viewer, schedule);
    return this.validate(viewer, schedule, scheduleTarget(Number(schedule.id)), count, channelId, fullList);
  }

  /**
   * Schedule.introducedIssues: the rights and separation issues of the events the change that made
   * this version created or changed (a mutation's answer selects it to show what the edit broke).
   * The schedule is validated whole (heavy work, as Schedule.validation) and the issues filtered.
   */
  async introducedIssues(viewer: Viewer, schedule: Schedule): Promise<IntroducedIssues> {
    const count = await scheduleEventCount(this.db, viewer, schedule);
    const { ids } = await changedEventIds(this.db, Number(schedule.id), schedule.version, Math.max(count, 1));
    if (ids.size === 0) return { changedEvents: 0, rightsIssues: [], separationIssues: [] };
    const all = await this.validate(viewer, schedule, scheduleTarget(Number(schedule.id)), count, null, true);
    const touched = (id: string) => ids.has(Number(id));
    return {
      changedEvents: ids.size,
      rightsIssues: all.rightsIssues.filter((issue) => touched(issue.eventId)),
      separationIssues: all.separationIssues.filter((issue) => touched(issue.eventId) || touched(issue.otherEventId)),
    };
  }

  /** ChangeSet.validation: the draft's events checked as the schedule's are, against the schedule's rules. */
  async draftValidation(viewer: Viewer, changeSet: { id: string; scheduleId: string }, channelId?: number | null, fullList?: boolean | null): Promise<ValidationResult> {
    const row = await findSchedule(this.db, viewer, changeSet.scheduleId);
    const draft = await changeSetRow(this.db, Number(changeSet.id), row.organization);
    if (!draft) throw notFound("ChangeSet", changeSet.id);
    return this.validate(viewer, toSchedule(row), draftTarget(draft), draft.eventCount, channelId, fullList);
  }

  private validate(viewer: Viewer, schedule: Schedule, target: EventTarget, count: number, channelId?: number | null, fullList?: boolean | null): Promise<ValidationResult> {
    if (channelId !== undefined && channelId !== null && !Number.isSafeInteger(channelId)) throw badInput("channelId must be a whole number", { argument: "channelId" });
    return heavyWork("Schedule.validation", viewer.userId, count, async () => {
      const events = await loadCheckedEvents(this.db, target);
      checkBudget();
      const assets = await catalogFor(this.db, schedule.organization, events);
      checkBudget();
      const otherRuns = await runsElsewhere(this.db, schedule, target.scheduleId, assets);
      checkBudget();
      const clock = clockOfSchedule(schedule);
      // Cooperative: other requests (and /healthz) are answered between its steps; TIMEOUT stops it.
      return validateCooperatively({
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
        timeZone: schedule.timeZone,
        channel: schedule.channel,
        broadcastDate: broadcastDateLookup(clock),
        otherRuns,
        separation: schedule.separation,
      }, checkpointEvery());
    });
  }

  /** S35: the command's parameters evaluated at onAirTimeFrom ms after the schedule start. */
  async evaluateParameters(viewer: Viewer, schedule: Schedule, onAirTimeFrom: number, command: SecondaryEvent): Promise<EvaluatedParameter[]> {
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
}

/**
 * The runs, on the schedule's channel, of the assets whose windows cap their runs, in the
 * organization's other visible schedules (their live events: drafts are not runs), each with the
 * catalog asset its key names. None when the schedule has no channel or no asset has a cap: then
 * no statement runs. The schedule's own runs are the events validated (a draft's in place of the
 * live ones).
 */
async function runsElsewhere(executor: Executor, schedule: Schedule, scheduleId: number, assets: Map<string, CatalogAsset>): Promise<OtherRun[]> {
  if (schedule.channel === null) return [];
  const capped = [...assets.values()].filter(hasRunCaps);
  if (capped.length === 0) return [];
  const keys = [...new Set(capped.flatMap((a) => (a.mediaId ? [a.assetId, a.mediaId] : [a.assetId])))];
  const runs = await channelRuns(executor, schedule.organization, schedule.channel, scheduleId, keys);
  const unknown = [...new Set(runs.map((r) => r.assetKey).filter((k) => !assets.has(k)))];
  const more = unknown.length ? await findAssetsByKeys(executor, schedule.organization, unknown) : new Map<string, CatalogAsset>();
  return runs.flatMap((r) => {
    const asset = assets.get(r.assetKey) ?? more.get(r.assetKey);
    return asset ? [{ id: r.id, onAirTime: r.onAirTime, assetId: asset.assetId }] : [];
  });
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
