// As-run: ingestion (idempotent by the sender's entry id), the stored entries, and the
// reconciliation of plan against air. Events are only read, never written.
import { requireOneOf, requireRole, type Role, type Viewer } from "../common/auth.js";
import { badInput, conflict } from "../common/errors.js";
import { pageMeta, pageRequest } from "../common/paging.js";
import { extname } from "node:path";
import type { Database, Executor } from "../db/client.js";
import { limitedBytes } from "../io/index.js";
import type { UploadedFile } from "../io/index.js";
import { exportFileName } from "../io/index.js";
import { enqueueWithUpload } from "../io/index.js";
import { toJob } from "../jobs/index.js";
import { enqueueJob, type JobSignal } from "../jobs/index.js";
import type { Job } from "../jobs/index.js";
import { AS_RUN_EXPORT, AS_RUN_IMPORT, type AsRunExportPayload, type AsRunImportPayload } from "./job-types.js";
import { findSchedule, plannedEvents } from "../schedules/index.js";
import type { Schedule } from "../schedules/index.js";
import { AS_RUN_ENTRY_READS, toReconciliationRow, toReconciliationSummary } from "./mapper.js";
import { reconcile, type ReconciledRow } from "./reconcile.js";
import { asRunBatch, type AsRunEntryValues } from "./rules.js";
import { airedEntries, conflictingEntries, entryPage, insertEntries } from "./store.js";
import { summarize, type ReconciliationSummaryValue } from "./summary.js";
import type { AsRunEntryPage, AsRunIngestResult, AsRunReconciliation, AsRunStatus, ReconciliationState } from "./types.js";

/** Who may report what aired: the administrator, and the dedicated role of playout machines. */
export const AS_RUN_WRITERS: readonly Role[] = ["admin", "playout"];
/** How long a job whose file is coming in is held back; past it, the job runs and FAILS. */
/** toleranceMs at most a day: more would call everything ON_TIME. */
export const MAX_TOLERANCE_MS = 86_400_000;

export interface ReconcileArgs {
  from?: Date | null;
  to?: Date | null;
  toleranceMs?: number | null;
}

/** Schedule.asRun's arguments. */
export type AsRunPageQuery = { from?: Date | null; to?: Date | null; page?: number | null; size?: number | null; status?: AsRunStatus[] | null };

export interface ReconciliationPageArgs extends ReconcileArgs {
  page?: number | null;
  size?: number | null;
  states?: ReconciliationState[] | null;
}

const ORDER = [{ property: "time", direction: "ASC" as const }];

function checkWindow(from: Date | null | undefined, to: Date | null | undefined): void {
  if (from && to && from.getTime() > to.getTime()) throw badInput("from must not be after to", { argument: "from" });
}

/** The checked window and tolerance of a reconciliation. */
export function reconcileWindow(args: ReconcileArgs): { from: number | null; to: number | null; toleranceMs: number } {
  checkWindow(args.from, args.to);
  const toleranceMs = args.toleranceMs ?? 0;
  if (!Number.isInteger(toleranceMs) || toleranceMs < 0 || toleranceMs > MAX_TOLERANCE_MS) {
    throw badInput(`toleranceMs must be from 0 to ${MAX_TOLERANCE_MS}`, { argument: "toleranceMs" });
  }
  return { from: args.from?.getTime() ?? null, to: args.to?.getTime() ?? null, toleranceMs };
}

/** Every row of a schedule's reconciliation and its summary (the query's and the export's source). */
export async function reconcileSchedule(executor: Executor, scheduleId: number, args: ReconcileArgs): Promise<{ rows: ReconciledRow[]; summary: ReconciliationSummaryValue }> {
  const { from, to, toleranceMs } = reconcileWindow(args);
  // A window's entries depend on the events planned in it; the whole schedule's do not (read side by side).
  const [events, entries] =
    from === null && to === null
      ? await Promise.all([plannedEvents(executor, scheduleId, from, to), airedEntries(executor, scheduleId, from, to)])
      : await plannedEvents(executor, scheduleId, from, to).then(async (planned) => [planned, await airedEntries(executor, scheduleId, from, to, planned.map((e) => e.id))] as const);
  const rows = reconcile(events, entries, toleranceMs);
  return { rows, summary: summarize(rows) };
}

export class AsRunService {
  constructor(
    private readonly db: Database,
    private readonly signal: JobSignal,
    private readonly maxUploadBytes: number,
    private readonly maxPageSize = 1000,
  ) {}

  /**
   * Stores what aired, all or nothing. A resent entry (same entry id, same content) changes
   * nothing; the same entry id with other content is CONFLICT: as-run is evidence, and a
   * correction is a new entry (docs/ASRUN.md "Idempotency").
   */
  async ingest(viewer: Viewer, scheduleId: string, entries: AsRunEntryValues[], organization?: string | null): Promise<AsRunIngestResult> {
    requireOneOf(viewer, AS_RUN_WRITERS);
    const { records, repeated } = asRunBatch(entries);
    return this.db.transaction(async (tx) => {
      const schedule = await findSchedule(tx, viewer, scheduleId, organization);
      const conflicts = await conflictingEntries(tx, schedule.id, records);
      if (conflicts.length) {
        throw conflict(`Entry ids already stored with other content: ${conflicts.slice(0, 20).join(", ")}${conflicts.length > 20 ? " …" : ""}; send a correction under a new entry id`, {
          entryIds: conflicts,
        });
      }
      const { inserted, unmatched } = await insertEntries(tx, schedule, records, viewer.userId);
      return { inserted, duplicates: records.length - inserted + repeated, unmatched };
    });
  }

  /** Schedule.asRun: the stored entries in actualStart order, paged. */
  async page(viewer: Viewer, schedule: Schedule, args: AsRunPageQuery, plan = AS_RUN_ENTRY_READS.everything, withTotal = true): Promise<AsRunEntryPage> {
    checkWindow(args.from, args.to);
    const request = pageRequest(args.page, args.size, this.maxPageSize);
    const filter = { from: args.from?.getTime() ?? null, to: args.to?.getTime() ?? null, statuses: args.status };
    const { rows, total } = await entryPage(this.db, Number(schedule.id), filter, plan, request, withTotal);
    return { content: rows.map((row) => AS_RUN_ENTRY_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, [{ property: "actualStart", direction: "ASC" }]) };
  }

  /** asRunReconciliation: a page of the rows (optionally of some states) and the summary of the whole window. */
  async reconciliation(viewer: Viewer, scheduleId: string, args: ReconciliationPageArgs, organization?: string | null): Promise<AsRunReconciliation> {
    const request = pageRequest(args.page, args.size, this.maxPageSize);
    const window = reconcileWindow(args);
    const schedule = await findSchedule(this.db, viewer, scheduleId, organization);
    const { rows, summary } = await reconcileSchedule(this.db, schedule.id, args);
    const wanted = args.states?.length ? new Set<string>(args.states) : null;
    const listed = wanted ? rows.filter((r) => wanted.has(r.state)) : rows;
    const offset = request.page * request.size;
    const content = listed.slice(offset, offset + request.size).map(toReconciliationRow);
    return {
      content,
      ...pageMeta(request, listed.length, content.length, ORDER),
      summary: toReconciliationSummary(summary),
      from: window.from === null ? null : new Date(window.from),
      to: window.to === null ? null : new Date(window.to),
      toleranceMs: window.toleranceMs,
    };
  }

  /**
   * An AS_RUN_IMPORT job storing the entries of an as-run CSV or BXF AsRun message (the file's
   * name goes with it: its extension chooses the reader). As importScheduleAsync: the job is
   * enqueued held back while the file's pieces commit one by one, and released once all are in.
   */
  async importFile(viewer: Viewer, scheduleId: string, upload: Promise<UploadedFile>, organization?: string | null): Promise<Job> {
    requireOneOf(viewer, AS_RUN_WRITERS);
    const schedule = await findSchedule(this.db, viewer, scheduleId, organization);
    const file = await upload;
    const job = await enqueueWithUpload(
      this.db,
      { type: AS_RUN_IMPORT, organization: schedule.organization, userId: viewer.userId, entityId: schedule.id, payload: { scheduleId: schedule.id, fileName: file.filename ?? null } satisfies Omit<AsRunImportPayload, "uploading"> },
      limitedBytes(() => file.createReadStream(), this.maxUploadBytes),
    );
    this.signal.enqueued();
    return toJob(job);
  }

  /** An AS_RUN_RECONCILIATION_EXPORT job (editor: it writes a job and a file, like exportSchedule). */
  async exportReconciliation(viewer: Viewer, scheduleId: string, fileName: string, format: "CSV" | "JSON" | "BXF", args: ReconcileArgs, organization?: string | null): Promise<Job> {
    requireRole(viewer, "editor");
    const window = reconcileWindow(args);
    const name = exportFileName(extname(fileName.trim()) ? fileName : `${fileName.trim()}.${format === "BXF" ? "xml" : format.toLowerCase()}`, "JSON");
    const job = await this.db.transaction(async (tx) => {
      const schedule = await findSchedule(tx, viewer, scheduleId, organization);
      return enqueueJob(tx, {
        type: AS_RUN_EXPORT,
        organization: schedule.organization,
        userId: viewer.userId,
        entityId: schedule.id,
        fileName: name,
        resourceExtension: extname(name).slice(1) || null,
        payload: { scheduleId: schedule.id, format, ...window } satisfies AsRunExportPayload,
      });
    });
    this.signal.enqueued();
    return toJob(job);
  }
}
