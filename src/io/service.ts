// Import (S6, S7) and export (S24) of schedules. importSchedule streams the upload through the
// format reader into one transaction; importScheduleAsync keeps the upload for a job; exportSchedule
// enqueues a job that writes the file the job store serves.
import { extname } from "node:path";
import { requireRole, scopeOrganization, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import type { Database } from "../db/client.js";
import { toJob } from "../jobs/mapper.js";
import { enqueueJob, type JobSignal } from "../jobs/queue.js";
import type { Job } from "../jobs/types.js";
import { toSchedule } from "../schedules/mapper.js";
import { findSchedule } from "../schedules/service.js";
import type { Schedule } from "../schedules/types.js";
import { schemaCoercer } from "./coerce.js";
import { limitedBytes, utf8Text } from "./formats/source.js";
import { chooseFormat, checkFps, importSchedule, scheduleNameOf, type ImportArgs } from "./importer.js";
import { saveUpload } from "./uploads.js";

export type ExportFormatValue = "XMLTV" | "JSON";
export const EXPORT_EXTENSIONS: Record<ExportFormatValue, string> = { XMLTV: "xml", JSON: "json" };

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
  organization?: string | null;
}

export interface ImportJobPayload extends ImportArgs {
  [key: string]: unknown;
}

export interface ExportJobPayload {
  [key: string]: unknown;
  scheduleId: number;
  format: ExportFormatValue;
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
  ) {}

  private importArgs(file: UploadedFile, args: ImportScheduleArgs): ImportArgs {
    const fileName = args.fileName?.trim() || file.filename;
    scheduleNameOf(fileName);
    checkFps(args.fps);
    if (args.scriptId !== undefined && args.scriptId !== null) chooseFormat({ scriptId: args.scriptId, fileName }, "");
    return { fileName, fps: args.fps ?? null, scriptId: args.scriptId ?? null, channel: args.channel ?? null };
  }

  /** S6: the new schedule, with every event of the file; nothing is written when the file is at fault. */
  async importSchedule(viewer: Viewer, upload: Promise<UploadedFile>, args: ImportScheduleArgs): Promise<Schedule> {
    requireRole(viewer, "editor");
    const organization = scopeOrganization(viewer, args.organization);
    const file = await upload;
    const importArgs = this.importArgs(file, args);
    const coerce = await schemaCoercer();
    const text = utf8Text(limitedBytes(() => file.createReadStream(), this.maxUploadBytes));
    const { schedule } = await this.db.transaction((tx) => importSchedule(tx, { organization, userId: viewer.userId }, text, importArgs, coerce));
    return toSchedule(schedule);
  }

  /**
   * S7: keeps the file (checked for size, UTF-8 and emptiness on the way in) and enqueues a
   * SCHEDULE_IMPORT job in one transaction; the job reads and imports it.
   */
  async importScheduleAsync(viewer: Viewer, upload: Promise<UploadedFile>, args: ImportScheduleArgs): Promise<Job> {
    requireRole(viewer, "editor");
    const organization = scopeOrganization(viewer, args.organization);
    const file = await upload;
    const importArgs = this.importArgs(file, args);
    const job = await this.db.transaction(async (tx) => {
      const row = await enqueueJob(tx, {
        type: "SCHEDULE_IMPORT",
        organization,
        userId: viewer.userId,
        payload: { ...importArgs } satisfies ImportJobPayload,
        details: null,
      });
      await saveUpload(tx, row.id, checkedBytes(limitedBytes(() => file.createReadStream(), this.maxUploadBytes)));
      return row;
    });
    this.signal.enqueued();
    return toJob(job);
  }

  /** S24: a TIMELINE_EPG_XML_EXPORT job writing the schedule as XMLTV (default) or JSON. */
  async exportSchedule(viewer: Viewer, id: string, fileName: string, format: ExportFormatValue | null | undefined, organization?: string | null): Promise<Job> {
    requireRole(viewer, "viewer");
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
        payload: { scheduleId: schedule.id, format: chosen } satisfies ExportJobPayload,
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
