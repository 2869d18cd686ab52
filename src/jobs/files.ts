// Output files of jobs (exports), kept in the database (job_files, job_file_chunks) so that every
// server on it serves every file. Written piece by piece while the export streams, read back piece
// by piece while the download streams: at most about one piece (1 MiB) in memory either way.
import { and, eq, ne, sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "../db/client.js";
import type { Logger } from "../common/log.js";
import { jobFiles, type JobFileRow } from "./tables.js";

export const PIECE_BYTES = 1024 * 1024;

export type FileContent = string | Uint8Array | AsyncIterable<string | Uint8Array>;

/** A job's file that may be downloaded (complete and not expired). */
export type StoredFile = Omit<JobFileRow, "size"> & { size: number };

export class FileStore {
  private sweeping: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    readonly retentionHours: number,
  ) {}

  private retention() {
    return sql`${this.retentionHours} * interval '1 hour'`;
  }

  /**
   * Stores the bytes as a new file of the job, not yet visible: `publish` makes it the job's file.
   * A failure deletes what was written. Answers the file's id and size.
   */
  async write(jobId: number, meta: { name: string; contentType: string }, content: FileContent): Promise<{ id: number; size: number }> {
    const [file] = await this.db.insert(jobFiles).values({ jobId, name: meta.name, contentType: meta.contentType }).returning({ id: jobFiles.id });
    try {
      let seq = 0;
      let size = 0;
      for await (const piece of pieces(content)) {
        // As base64 text: binary parameters cost PGlite ~1 s per MiB, base64 ~60 ms on both drivers.
        await this.db.execute(sql`insert into job_file_chunks (file_id, seq, bytes) values (${file.id}, ${seq++}, decode(${piece.toString("base64")}, 'base64'))`);
        size += piece.byteLength;
      }
      return { id: file.id, size };
    } catch (error) {
      await this.remove(file.id).catch(() => {});
      throw error;
    }
  }

  /** Inside the job's fenced transaction: the written file becomes the job's one file. */
  async publish(tx: Executor, jobId: number, fileId: number, size: number): Promise<void> {
    await tx.update(jobFiles).set({ size }).where(eq(jobFiles.id, fileId));
    // An earlier attempt's file (or one a worker that lost the job left half-written) goes.
    await tx.delete(jobFiles).where(and(eq(jobFiles.jobId, jobId), ne(jobFiles.id, fileId)));
  }

  async remove(fileId: number): Promise<void> {
    await this.db.delete(jobFiles).where(eq(jobFiles.id, fileId));
  }

  /** The job's file, or null when it has none (never had, or expired: older than the retention). */
  async current(jobId: number): Promise<StoredFile | null> {
    const [row] = await queryRows<{ id: number; name: string; contentType: string; size: number; dateCreated: string | Date }>(
      this.db,
      sql`select id, name, content_type as "contentType", size, date_created as "dateCreated" from job_files
          where job_id = ${jobId} and size is not null and date_created > now() - ${this.retention()} order by id desc limit 1`,
    );
    return row ? { id: Number(row.id), jobId, name: row.name, contentType: row.contentType, size: Number(row.size), dateCreated: new Date(row.dateCreated) } : null;
  }

  /** The file's bytes, one piece per query (pieces are numbered from 0 without gaps). */
  async *read(file: Pick<StoredFile, "id" | "size">): AsyncGenerator<Uint8Array> {
    let sent = 0;
    for (let seq = 0; sent < file.size; seq++) {
      // Base64 again: PGlite parses a bytea result at ~0.5 s per MiB, base64 text at ~25 ms.
      const [row] = await queryRows<{ bytes: string }>(this.db, sql`select encode(bytes, 'base64') as bytes from job_file_chunks where file_id = ${file.id} and seq = ${seq}`);
      if (!row) throw new Error(`piece ${seq} of job file ${file.id} is missing (deleted while it was read?)`);
      const bytes = Buffer.from(row.bytes, "base64");
      sent += bytes.byteLength;
      yield bytes;
    }
  }

  /**
   * Housekeeping: deletes files past the retention, files of jobs that failed or were canceled, and
   * files left half-written by a job no longer running. Answers how many files went.
   */
  async sweep(): Promise<number> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`delete from job_files f using jobs j where j.id = f.job_id and (
            f.date_created <= now() - ${this.retention()}
            or j.status in ('FAILED', 'CANCELED')
            or (f.size is null and j.status <> 'PROCESSING'))
          returning f.id`,
    );
    return rows.length;
  }

  /** Runs `sweep` now and then every `everyMs` until `stop`; failures are logged, never thrown. */
  sweepEvery(everyMs: number, log: Logger): void {
    const run = () => {
      this.sweeping ??= this.sweep()
        .then((count) => count && log.info("expired job files deleted", { count }))
        .catch((error) => log.warn("job file housekeeping failed", { error: String((error as Error)?.message ?? error) }))
        .finally(() => (this.sweeping = null));
    };
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
    run();
  }

  /** Ends the housekeeping timer and waits for a sweep under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }
}

/** The content as pieces of exactly PIECE_BYTES (the last one shorter), whatever sizes come in. */
async function* pieces(content: FileContent): AsyncGenerator<Buffer> {
  const source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> = typeof content === "string" || content instanceof Uint8Array ? [content] : content;
  let pending: Buffer[] = [];
  let pendingSize = 0;
  for await (const part of source) {
    let chunk = typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (pendingSize + chunk.byteLength >= PIECE_BYTES) {
      const take = PIECE_BYTES - pendingSize;
      yield Buffer.concat([...pending, chunk.subarray(0, take)]);
      pending = [];
      pendingSize = 0;
      chunk = chunk.subarray(take);
    }
    if (chunk.byteLength) {
      // A copy: the producer may reuse its buffer once we ask for the next part.
      pending.push(Buffer.from(chunk));
      pendingSize += chunk.byteLength;
    }
  }
  if (pendingSize) yield Buffer.concat(pending);
}
