// Dry runs: the page a timing change would leave, computed in memory, nothing written.
import type { PageRequest } from "../common/paging.js";
import type { Executor } from "../db/client.js";
import type { Schedule } from "../schedules/index.js";
import { compareSlots, type Move } from "../timeline/index.js";
import type { EventFilter } from "../schedules/index.js";
import { buildPage } from "./pages.js";
import { loadEventsById, type TimingRow } from "../schedules/index.js";
import { scheduleTarget } from "../schedules/index.js";
import type { EventPageResult } from "./types.js";

/** The same test as the SQL of criteria.ts, on a timing row. */
export function matches(row: TimingRow, filter: EventFilter | null | undefined): boolean {
  if (!filter) return true;
  if (filter.eventType && row.eventType !== filter.eventType) return false;
  const term = filter.term?.trim().toLowerCase();
  if (term && !(row.title ?? "").toLowerCase().includes(term)) return false;
  if (filter.from && row.onAirTime < filter.from.getTime()) return false;
  if (filter.to && row.onAirTime >= filter.to.getTime()) return false;
  if (filter.ids && !filter.ids.map(Number).includes(row.id)) return false;
  if (filter.locked !== undefined && filter.locked !== null && row.locked !== filter.locked) return false;
  return true;
}

export async function previewPage(
  executor: Executor,
  schedule: Schedule,
  timings: TimingRow[],
  moves: Move[],
  request: PageRequest,
  filter: EventFilter | null | undefined,
): Promise<EventPageResult> {
  const moved = new Map(moves.map((m) => [m.id, m.onAirTime]));
  const after = timings.map((t) => ({ ...t, onAirTime: moved.get(t.id) ?? t.onAirTime })).sort(compareSlots);
  const previousEnd = new Map<number, number | null>();
  let latestEnd: number | null = null;
  for (const t of after) {
    previousEnd.set(t.id, latestEnd);
    latestEnd = Math.max(latestEnd ?? -Infinity, t.onAirTime + t.duration);
  }
  const matching = after.filter((t) => matches(t, filter));
  const offset = request.page * request.size;
  const pageTimings = matching.slice(offset, offset + request.size);
  const rows = await loadEventsById(executor, scheduleTarget(Number(schedule.id)), pageTimings.map((t) => t.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paged = pageTimings.map((t) => ({ row: { ...byId.get(t.id)!, onAirTime: t.onAirTime }, previousEnd: previousEnd.get(t.id) ?? null }));
  const start = after.length ? after[0].onAirTime : null;
  const end = after.length ? after.reduce((max, t) => Math.max(max, t.onAirTime + t.duration), -Infinity) : null;
  return {
    id: schedule.id,
    startDate: start === null ? schedule.startDate : new Date(start),
    finishDate: end === null ? schedule.finishDate : new Date(end),
    page: buildPage(paged, matching.length, request),
  };
}
