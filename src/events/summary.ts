// Schedule.eventsSummary (S37): totals and pages of a schedule's events in one statement.
import type { Executor } from "../db/client.js";
import { eventsSummaryRows, type EventsSummaryRow, type InstantRange } from "../schedules/index.js";
import type { EventsSummary, PageList } from "./types.js";

/** Postgres arrays arrive as JS arrays (postgres.js, PGlite); a text form is parsed just in case. */
function pagesOf(value: EventsSummaryRow["pages"]): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

/** The rows of the summary's statement (src/schedules/store/summaries.ts) folded into EventsSummary. */
export async function eventsSummary(executor: Executor, scheduleId: number, size: number, now: number, range: InstantRange | null = null): Promise<EventsSummary> {
  const rows = await eventsSummaryRows(executor, scheduleId, size, now, range);
  const list = (kind: string): PageList => {
    const row = rows.find((r) => r.kind === kind);
    return { total: row ? Number(row.total ?? 0) : 0, pages: row ? pagesOf(row.pages) : [] };
  };
  const eventsByType: Record<string, PageList> = {};
  for (const row of rows.filter((r) => r.kind === "type")) eventsByType[row.key!] = { total: Number(row.total), pages: pagesOf(row.pages) };
  return {
    currentEventPage: list("current").total,
    eventsByType,
    gaps: list("gaps"),
    overlaps: list("overlaps"),
    missingAssetsEvents: null,
    unsuccessfulQCAssetsEvents: list("qc"),
    totalProgrammes: list("programmes").total,
    scheduleId,
    pageSize: size,
    range,
  };
}
