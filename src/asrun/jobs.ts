// Job handlers of as-run: AS_RUN_IMPORT stores the entries of an uploaded CSV or BXF AsRun
// message (all of the file in one transaction, in set-based batches of MAX_AS_RUN_ENTRIES),
// AS_RUN_RECONCILIATION_EXPORT writes the reconciliation of a window as CSV or JSON, or its
// entries as a BXF AsRun message (bxf-out.ts).
import { badInput, conflict, notFound } from "../common/errors.js";
import { plural } from "../common/text.js";
import type { Executor } from "../db/client.js";
import { utf8Text } from "../io/index.js";
import { deleteUpload, eventUuid, readUpload } from "../io/index.js";
import type { JobContext, JobRegistry } from "../jobs/index.js";
import { createFrameRateLoader, createLocalClockLoader, loadTimings, scheduleTarget } from "../schedules/index.js";
import { readAsRunBxf, type BxfAsRunEntry } from "./bxf.js";
import { asRunFormatOf, peekHead } from "./file-format.js";
import { reconciliationCsv, reconciliationJson, readAsRunCsv } from "./csv.js";
import { asRunRecord, MAX_AS_RUN_ENTRIES, type AsRunRecord } from "./rules.js";
import { reconcileSchedule, reconcileWindow } from "./service.js";
import { conflictingEntries, insertEntries, scheduleHeadOf, scheduleOf } from "./store.js";
import { asRunBxfDocument } from "./bxf-out.js";
import { AS_RUN_EXPORT, AS_RUN_IMPORT, type AsRunExportPayload, type AsRunImportPayload } from "./job-types.js";

export { AS_RUN_EXPORT, AS_RUN_IMPORT, type AsRunExportPayload, type AsRunImportPayload } from "./job-types.js";

/**
 * The BXF EventIds that name an event of the schedule: the ids our BXF export writes
 * (`eventUuid(schedule, event)`, with or without `urn:uuid:`) and the event ids themselves.
 */
async function eventKeys(executor: Executor, scheduleId: number): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  for (const { id } of await loadTimings(executor, scheduleTarget(scheduleId))) {
    const uuid = eventUuid(scheduleId, id);
    keys.set(uuid, id);
    keys.set(uuid.replace(/^urn:uuid:/, ""), id);
    keys.set(String(id), id);
  }
  return keys;
}

/**
 * The entries of a BXF AsRun message: timecodes at the schedule's rate unless they carry their
 * own; an EventId naming an event of the schedule becomes the entry's eventId, any other is left
 * to the house number (mediaId), as the CSV's.
 */
async function* bxfEntries(executor: Executor, scheduleId: number, text: AsyncIterable<string>, warnings: string[]): AsyncGenerator<BxfAsRunEntry> {
  const rate = await createFrameRateLoader(executor).load(scheduleId);
  // Broadcast dates and times of day are the schedule's local broadcast time.
  const clock = await createLocalClockLoader(executor).load(scheduleId);
  let keys: Map<string, number> | null = null;
  for await (const entry of readAsRunBxf(text, { fps: rate?.fps ?? null, clock }, { warnings })) {
    if (entry.eventRef !== null) {
      keys ??= await eventKeys(executor, scheduleId);
      const id = keys.get(entry.eventRef.trim().toLowerCase()) ?? keys.get(entry.eventRef.trim());
      if (id !== undefined) entry.eventId = String(id);
    }
    yield entry;
  }
}

/** Reads and checks every row first (nothing is written for a bad file), then stores them in one transaction. */
async function runImport(ctx: JobContext<AsRunImportPayload>): Promise<void> {
  const { scheduleId, uploading, fileName } = ctx.job.payload;
  if (uploading) throw badInput("The upload of the file did not complete (the service stopped while it came in): import it again");
  const schedule = await scheduleOf(ctx.db, scheduleId, ctx.job.organization);
  if (!schedule) throw notFound("Schedule", scheduleId);
  const byId = new Map<string, AsRunRecord & { line: number }>();
  let repeated = 0;
  const { head, all } = await peekHead(utf8Text(readUpload(ctx.db, ctx.job.id, () => ctx.checkpoint())));
  const format = asRunFormatOf(fileName, head);
  const warnings: string[] = [];
  const rows = format === "bxf" ? bxfEntries(ctx.db, schedule.id, all, warnings) : readAsRunCsv(all);
  for await (const row of rows) {
    const record = { ...asRunRecord(row, `line ${row.line}`), line: row.line };
    const seen = byId.get(record.entry_id);
    if (!seen) byId.set(record.entry_id, record);
    else if (JSON.stringify({ ...seen, line: 0 }) === JSON.stringify({ ...record, line: 0 })) repeated++;
    else throw badInput(`line ${row.line}: entry id ${record.entry_id} is given on line ${seen.line} with other content`);
  }
  const records = [...byId.values()].map(({ line: _line, ...r }) => r);
  if (records.length === 0) throw badInput("The file holds no entries");
  await ctx.progress(50);
  await ctx.finish(async (tx) => {
    let inserted = 0;
    let unmatched = 0;
    for (let i = 0; i < records.length; i += MAX_AS_RUN_ENTRIES) {
      const batch = records.slice(i, i + MAX_AS_RUN_ENTRIES);
      const conflicts = await conflictingEntries(tx, schedule.id, batch);
      if (conflicts.length) throw conflict(`Entry ids already stored with other content: ${conflicts.slice(0, 20).join(", ")}`, { entryIds: conflicts });
      const done = await insertEntries(tx, schedule, batch, ctx.job.userId ?? "job");
      inserted += done.inserted;
      unmatched += done.unmatched;
    }
    await deleteUpload(tx, ctx.job.id);
    const duplicates = records.length - inserted + repeated;
    return {
      result: { scheduleId: String(schedule.id), format: format.toUpperCase(), inserted, duplicates, unmatched },
      messages: [
        { type: "OK" as const, message: `Stored ${plural(inserted, "as-run entry", "as-run entries")} for schedule ${schedule.id} (${plural(duplicates, "duplicate")}, ${unmatched} unmatched)` },
        ...warnings.map((message) => ({ type: "WARNING" as const, message })),
      ],
    };
  });
}

async function* lines(pieces: Iterable<string>): AsyncGenerator<string> {
  yield* pieces;
}

async function runExport(ctx: JobContext<AsRunExportPayload>): Promise<void> {
  const { scheduleId, format, from, to, toleranceMs } = ctx.job.payload;
  const schedule = await scheduleOf(ctx.db, scheduleId, ctx.job.organization);
  if (!schedule) throw notFound("Schedule", scheduleId);
  const window = reconcileWindow({ from: from === null ? null : new Date(from), to: to === null ? null : new Date(to), toleranceMs });
  const { rows, summary } = await reconcileSchedule(ctx.db, scheduleId, { from: from === null ? null : new Date(from), to: to === null ? null : new Date(to), toleranceMs });
  await ctx.progress(50);
  const fileName = ctx.job.fileName ?? `as-run-${scheduleId}.${format === "BXF" ? "xml" : format.toLowerCase()}`;
  if (format === "BXF") {
    // Back to traffic: the window's entries themselves, in the order they aired (those the reconciliation pairs with events and the unplanned ones).
    const head = await scheduleHeadOf(ctx.db, scheduleId);
    if (!head) throw notFound("Schedule", scheduleId);
    const entries = rows.flatMap((r) => (r.entry ? [r.entry] : [])).sort((a, b) => a.start - b.start || a.id - b.id);
    await ctx.writeFile(fileName, lines(asRunBxfDocument(head, entries)));
    await ctx.finish(async () => ({
      result: { scheduleId: String(scheduleId), format, entries: entries.length },
      messages: [{ type: "OK", message: `Exported the as-run of schedule ${scheduleId} (${plural(entries.length, "entry", "entries")}, BXF) as ${fileName}` }],
    }));
    return;
  }
  await ctx.writeFile(fileName, lines(format === "JSON" ? reconciliationJson({ scheduleId: String(scheduleId), ...window }, summary, rows) : reconciliationCsv(rows)));
  await ctx.finish(async () => ({
    result: { scheduleId: String(scheduleId), format, rows: rows.length },
    messages: [{ type: "OK", message: `Exported the reconciliation of schedule ${scheduleId} (${plural(rows.length, "row")}, ${format}) as ${fileName}` }],
  }));
}

export function registerAsRunHandlers(registry: JobRegistry): JobRegistry {
  return registry
    .register<AsRunImportPayload>(AS_RUN_IMPORT, {
      run: (ctx) => runImport(ctx),
      async abandon(tx, job) {
        await deleteUpload(tx, job.id);
      },
    })
    .register<AsRunExportPayload>(AS_RUN_EXPORT, { run: (ctx) => runExport(ctx) });
}
