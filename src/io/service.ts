// Import (S6, S7) and export (S24) of schedules. importSchedule streams the upload through the
// format reader into a hidden schedule, batch by batch (importer.ts); importScheduleAsync keeps the
// upload for a job; exportSchedule enqueues a job that writes the file the job store serves.
import { extname } from "node:path";
import { requireRole, scopeOrganization, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import type { Database } from "../db/client.js";
import { toJob } from "../jobs/index.js";
import { enqueueJob, type JobSignal } from "../jobs/index.js";
import type { Job } from "../jobs/index.js";
import { toSchedule } from "../schedules/index.js";
import { findSchedule } from "../schedules/index.js";
import type { ScheduleRow } from "../schedules/index.js";
import type { Schedule } from "../schedules/index.js";
import type { EventCoercerSource } from "./coerce.js";
import { limitedBytes, utf8Text } from "./formats/source.js";
import { chooseFormat, checkFps, checkLocalClockArgs, importInChunks, scheduleNameOf, type ImportArgs } from "./importer.js";
import { enqueueWithUpload } from "./uploads.js";

export type ExportFormatValue = "XMLTV" | "JSON" | "BXF";
export const EXPORT_EXTENSIONS: Record<ExportFormatValue, string> = { XMLTV: "xml", JSON: "json", BXF: "xml" };

/** An uploaded file as the resolver hands it over (graphql-upload's FileUpload). */
export interface UploadedFile {
  filename: string;
  createReadStream(): AsyncIterable<Uint8Array | string>;
}

export interface ImportScheduleArgs {
  fileName?: string | null;
  fps?: number | null;
  scriptId?: string | null;
  channel?: string | null;
  timeZone?: string | null;
  broadcastDayStart?: string | null;
  organization?: string | null;
}

export interface ImportJobPayload extends ImportArgs {
  [key: string]: unknown;
  /** The file is still coming in (see importScheduleAsync). */
  uploading?: boolean;
}

/** How long a job whose file is coming in is held back; past it, the job runs and FAILS. */

export interface ExportJobPayload {
  [key: string]: unknown;
  scheduleId: number;
  format: ExportFormatValue;
  /** The BXF schema of a BXF export (absent in jobs queued before it existed: the default). */
  bxfVersion?: "2008" | "2017";
}

const MAX_FILE_NAME = 255;

/** The export's file name: trimmed, no folders, with the format's extension when it has none. */
export function exportFileName(fileName: string, format: ExportFormatValue): string {
  const name = fileName.trim();
  if (!name) throw badInput("fileName must not be empty", { argument: "fileName" });
  if (name.length > MAX_FILE_NAME) throw badInput(`fileName must be at most ${MAX_FILE_NAME} characters`, { argument: "fileName" });
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (/[\\/\u0000-\u001f]/.test(name)) throw badInput("fileName must not contain folders or control characters", { argument: "fileName" });
  return extname(name) ? name : `${name}.${EXPORT_EXTENSIONS[format]}`;
}

export class IoService {
  constructor(
    private readonly db: Database,
    private readonly signal: JobSignal,
    private readonly maxUploadBytes: number,
    /** The schema's JSON event coercer, built where the schema is (src/server/graphql/schema.ts). */
    private readonly coercer: EventCoercerSource,
  ) {}

  private importArgs(file: UploadedFile, args: ImportScheduleArgs): ImportArgs {
    const given = args.fileName?.trim();
    const fileName = given || file.filename;
    scheduleNameOf(fileName);
    checkFps(args.fps);
    if (args.scriptId !== undefined && args.scriptId !== null) chooseFormat({ scriptId: args.scriptId, fileName }, "");
    const clock = checkLocalClockArgs(args);
    return { fileName, nameGiven: !!given, fps: args.fps ?? null, scriptId: args.scriptId ?? null, channel: args.channel ?? null, ...clock };
  }

  /**
   * S6: the new schedule, with every event of the file, written in batches that each commit
   * (others run between them) and seen by nobody until the last one; nothing stays when the file is at fault.
   */
  async importSchedule(viewer: Viewer, upload: Promise<UploadedFile>, args: ImportScheduleArgs): Promise<Schedule> {
    requireRole(viewer, "editor");
    const organization = scopeOrganization(viewer, args.organization);
    const file = await upload;
    const importArgs = this.importArgs(file, args);
    const coerce = await this.coercer();
    const text = utf8Text(limitedBytes(() => file.createReadStream(), this.maxUploadBytes));
    const schedule = await importInChunks<ScheduleRow>(
      this.db,
      { organization, userId: viewer.userId },
      text,
      importArgs,
      coerce,
      { transaction: (fn) => this.db.transaction(fn), finish: (fn) => this.db.transaction(fn), jobId: null },
      async (_tx, row): Promise<ScheduleRow> => row,
    );
    return toSchedule(schedule);
  }

  /**
   * S7: keeps the file (checked for size, UTF-8 and emptiness on the way in) for a SCHEDULE_IMPORT
   * job, which reads and imports it. The job is enqueued first, held back (runAfter an hour ahead,
   * payload `uploading`), so that the pieces of the file commit one by one as they arrive instead of
   * in one transaction as long as the upload; it becomes runnable once the last piece is in. A
   * failed upload deletes the job and its pieces; a process that dies meanwhile leaves a job that
   * FAILS when it runs (the handler refuses an `uploading` payload).
   */
  async importScheduleAsync(viewer: Viewer, upload: Promise<UploadedFile>, args: ImportScheduleArgs): Promise<Job> {
    requireRole(viewer, "editor");
    const organization = scopeOrganization(viewer, args.organization);
    const file = await upload;
    const importArgs = this.importArgs(file, args);
    const job = await enqueueWithUpload(
      this.db,
      { type: "SCHEDULE_IMPORT", organization, userId: viewer.userId, payload: importArgs, details: null },
      checkedBytes(limitedBytes(() => file.createReadStream(), this.maxUploadBytes)),
    );
    this.signal.enqueued();
    return toJob(job);
  }

  /** S24: a TIMELINE_EPG_XML_EXPORT job writing the schedule as XMLTV (default) or JSON. */
  async exportSchedule(viewer: Viewer, id: string, fileName: string, format: ExportFormatValue | null | undefined, organization?: string | null, bxfVersion: "2008" | "2017" = "2017"): Promise<Job> {
    // Editor: an export writes a job and a file (editors write jobs; a viewer writes nothing).
    requireRole(viewer, "editor");
    const chosen = format ?? "XMLTV";
    const name = exportFileName(fileName, chosen);
    const job = await this.db.transaction(async (tx) => {
      const schedule = await findSchedule(tx, viewer, id, organization);
      return enqueueJob(tx, {
        type: "TIMELINE_EPG_XML_EXPORT",
        organization: schedule.organization,
        userId: viewer.userId,
        entityId: schedule.id,
        fileName: name,
        resourceExtension: extname(name).slice(1) || null,
        payload: { scheduleId: schedule.id, format: chosen, ...(chosen === "BXF" ? { bxfVersion } : {}) } satisfies ExportJobPayload,
      });
    });
    this.signal.enqueued();
    return toJob(job);
  }
}

/** Passes the bytes on once they decode as UTF-8 (and refuses an empty file), without holding them. */
async function* checkedBytes(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = [];
  async function* tap(): AsyncGenerator<Uint8Array> {
    for await (const chunk of bytes) {
      chunks.push(chunk);
      yield chunk;
    }
  }
  for await (const _text of utf8Text(tap())) yield* chunks.splice(0);
  yield* chunks.splice(0);
}
