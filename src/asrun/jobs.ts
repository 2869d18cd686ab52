// Job handlers of as-run: AS_RUN_IMPORT stores the entries of an uploaded CSV (all of the file
// in one transaction, in set-based batches of MAX_AS_RUN_ENTRIES), AS_RUN_RECONCILIATION_EXPORT
// writes the reconciliation of a window as CSV or JSON.
import { badInput, conflict, notFound } from "../common/errors.js";
import { plural } from "../common/text.js";
import { utf8Text } from "../io/index.js";
import { deleteUpload, readUpload } from "../io/index.js";
import type { JobContext, JobRegistry } from "../jobs/index.js";
import { reconciliationCsv, reconciliationJson, readAsRunCsv } from "./csv.js";
import { asRunRecord, MAX_AS_RUN_ENTRIES, type AsRunRecord } from "./rules.js";
import { reconcileSchedule, reconcileWindow } from "./service.js";
import { conflictingEntries, insertEntries, scheduleOf } from "./store.js";
import { AS_RUN_EXPORT, AS_RUN_IMPORT, type AsRunExportPayload, type AsRunImportPayload } from "./job-types.js";

export { AS_RUN_EXPORT, AS_RUN_IMPORT, type AsRunExportPayload, type AsRunImportPayload } from "./job-types.js";

/** Reads and checks every row first (nothing is written for a bad file), then stores them in one transaction. */
async function runImport(ctx: JobContext<AsRunImportPayload>): Promise<void> {
  const { scheduleId, uploading } = ctx.job.payload;
  if (uploading) throw badInput("The upload of the file did not complete (the service stopped while it came in): import it again");
  const schedule = await scheduleOf(ctx.db, scheduleId, ctx.job.organization);
  if (!schedule) throw notFound("Schedule", scheduleId);
  const byId = new Map<string, AsRunRecord & { line: number }>();
  let repeated = 0;
  for await (const row of readAsRunCsv(utf8Text(readUpload(ctx.db, ctx.job.id, () => ctx.checkpoint())))) {
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
      result: { scheduleId: String(schedule.id), inserted, duplicates, unmatched },
      messages: [
        { type: "OK", message: `Stored ${plural(inserted, "as-run entry", "as-run entries")} for schedule ${schedule.id} (${plural(duplicates, "duplicate")}, ${unmatched} unmatched)` },
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
  const fileName = ctx.job.fileName ?? `as-run-${scheduleId}.${format.toLowerCase()}`;
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
