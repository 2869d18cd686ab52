// Job handlers of import and export. Export reads the events page by page (keyset, air order)
// while it writes the file; import writes the kept upload in batches, each in a fenced step of the
// job, into a hidden schedule that the step finishing the job makes visible (importer.ts).
import { scheduleTarget } from "../schedules/index.js";
import { badInput, notFound } from "../common/errors.js";
import { plural } from "../common/text.js";
import type { Transaction } from "../db/client.js";
import { countEvents, eventsInAirOrder, scheduleRowById } from "../schedules/index.js";
import { JobStopped, setJobEntity, type JobContext, type JobOutcome, type JobRegistry } from "../jobs/index.js";
import type { EventCoercerSource } from "./coerce.js";
import type { EventCoercer } from "./formats/json.js";
import { jsonDocument, xmltvDocument } from "./formats/exports.js";
import { bxfDocument } from "./formats/bxf.js";
import { utf8Text } from "./formats/source.js";
import { importInChunks } from "./importer.js";
import { EXPORT_EXTENSIONS, type ExportJobPayload, type ImportJobPayload } from "./service.js";
import { deleteUpload, readUpload } from "./uploads.js";

async function runExport(ctx: JobContext<ExportJobPayload>): Promise<void> {
  const { scheduleId, format, bxfVersion } = ctx.job.payload;
  const schedule = await scheduleRowById(ctx.db, scheduleId);
  if (!schedule) throw notFound("Schedule", scheduleId);
  const total = Math.max(1, await countEvents(ctx.db, scheduleTarget(scheduleId)));
  const events = eventsInAirOrder(ctx.db, scheduleId, async (read) => {
    await ctx.checkpoint();
    await ctx.progress((read / total) * 95);
  });
  const fileName = ctx.job.fileName ?? `schedule-${scheduleId}.${EXPORT_EXTENSIONS[format]}`;
  const documents = { JSON: jsonDocument, XMLTV: xmltvDocument, BXF: (s: typeof schedule, e: typeof events) => bxfDocument(s, e, { version: bxfVersion }) };
  await ctx.writeFile(fileName, documents[format](schedule, events));
  await ctx.finish(async () => ({
    result: { scheduleId: String(scheduleId), format, ...(format === "BXF" ? { bxfVersion: bxfVersion ?? "2017" } : {}) },
    messages: [{ type: "OK", message: `Exported schedule ${scheduleId} (${format}) as ${fileName}` }],
  }));
}

async function runImport(ctx: JobContext<ImportJobPayload>, coerce: EventCoercer): Promise<void> {
  const args = ctx.job.payload;
  const jobId = ctx.job.id;
  if (args.uploading) throw badInput("The upload of the file did not complete (the service stopped while it came in): import it again");
  // Progress follows the upload's pieces read, reported once the events read from them are written.
  let pieces = { read: 0, of: 1 };
  const text = utf8Text(
    readUpload(ctx.db, jobId, async (read, of) => {
      pieces = { read, of };
      await ctx.checkpoint();
    }),
  );
  await importInChunks(
    ctx.db,
    { organization: ctx.job.organization, userId: ctx.job.userId },
    text,
    args,
    coerce,
    {
      jobId,
      transaction: (fn) => ctx.transaction(fn),
      async finish(fn: (tx: Transaction) => Promise<JobOutcome>) {
        let outcome!: JobOutcome;
        await ctx.finish(async (tx) => (outcome = await fn(tx)));
        return outcome;
      },
      written: () => ctx.progress((pieces.read / Math.max(1, pieces.of)) * 99),
      // A worker stopping hands the job back: its next run removes what this one wrote.
      keepOnError: (error) => error instanceof JobStopped && error.reason === "shutdown",
    },
    async (tx, schedule, result): Promise<JobOutcome> => {
      await setJobEntity(tx, jobId, schedule.id);
      await deleteUpload(tx, jobId);
      return {
        result: { scheduleId: String(schedule.id), events: result.count, format: result.format },
        messages: [
          { type: "OK" as const, message: `Imported ${plural(result.count, "event")} (${result.format}) into schedule ${schedule.id} "${schedule.name}"` },
          ...result.notes.warnings.map((message) => ({ type: "WARNING" as const, message })),
        ],
      };
    },
  );
}

export function registerIoHandlers(registry: JobRegistry, coercer: EventCoercerSource): JobRegistry {
  return registry
    .register<ExportJobPayload>("TIMELINE_EPG_XML_EXPORT", { run: (ctx) => runExport(ctx) })
    .register<ImportJobPayload>("SCHEDULE_IMPORT", {
      run: async (ctx) => runImport(ctx, await coercer()),
      async abandon(tx, job) {
        await deleteUpload(tx, job.id);
      },
    });
}
