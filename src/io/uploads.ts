// Uploaded import files kept for their job (see tables.ts): written while the request streams
// in, read back piece by piece by the job, deleted when it ends.
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "../db/client.js";
import { enqueueJob, jobRowById, releaseHeldJob, withdrawHeldJob, type JobRow, type NewJob } from "../jobs/index.js";

// How long a job waits for its file before it may run anyway (and fail on its `uploading` payload).
const UPLOAD_HOLD_MS = 60 * 60 * 1000;

/**
 * Enqueues a job that reads an uploaded file: held back (runAfter an hour ahead, payload
 * `uploading`) while the file's pieces commit one by one as they arrive, instead of in one
 * transaction as long as the upload, and made runnable once the last piece is in. A failed upload
 * deletes the job and its pieces; a job canceled meanwhile keeps no pieces. Answers the job's row.
 */
export async function enqueueWithUpload(db: Database, job: Omit<NewJob, "payload" | "runAfter"> & { payload: object }, bytes: AsyncIterable<Uint8Array>): Promise<JobRow> {
  const held = await enqueueJob(db, { ...job, payload: { ...job.payload, uploading: true }, runAfter: new Date(Date.now() + UPLOAD_HOLD_MS) });
  try {
    await saveUpload(db, held.id, bytes);
  } catch (error) {
    await withdrawHeldJob(db, held.id); // its pieces go with it (cascade)
    throw error;
  }
  return db.transaction(async (tx) => {
    const ready = await releaseHeldJob(tx, held.id, "uploading");
    if (ready) return ready;
    // Canceled while the file came in: its pieces are not needed.
    await deleteUpload(tx, held.id);
    return (await jobRowById(tx, held.id))!;
  });
}

// A piece of 1 MiB took 350–450 ms to insert on PGlite, holding its only connection that long.
const PIECE_BYTES = 256 * 1024;

/** Stores the bytes in pieces; answers the total size. */
export async function saveUpload(executor: Executor, jobId: number, bytes: AsyncIterable<Uint8Array>): Promise<number> {
  let seq = 0;
  let total = 0;
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  const flush = async () => {
    if (pendingSize === 0) return;
    const piece = Buffer.concat(pending);
    pending = [];
    pendingSize = 0;
    await executor.execute(sql`insert into import_uploads (job_id, seq, bytes) values (${jobId}, ${seq++}, ${piece})`);
  };
  for await (const chunk of bytes) {
    pending.push(chunk);
    pendingSize += chunk.byteLength;
    total += chunk.byteLength;
    if (pendingSize >= PIECE_BYTES) await flush();
  }
  await flush();
  return total;
}

/** The stored bytes, one piece per query, so only one piece is in memory at a time. */
export async function* readUpload(executor: Executor, jobId: number, onPiece?: (seq: number, of: number) => Promise<void>): AsyncGenerator<Uint8Array> {
  const [{ n }] = await queryRows<{ n: number }>(executor, sql`select count(*)::int as n from import_uploads where job_id = ${jobId}`);
  for (let seq = 0; seq < Number(n); seq++) {
    const [row] = await queryRows<{ bytes: Uint8Array | string }>(executor, sql`select bytes from import_uploads where job_id = ${jobId} and seq = ${seq}`);
    if (!row) throw new Error(`piece ${seq} of the upload of job ${jobId} is missing`);
    yield typeof row.bytes === "string" ? Buffer.from(row.bytes.replace(/^\\x/, ""), "hex") : row.bytes;
    await onPiece?.(seq + 1, Number(n));
  }
}

export async function deleteUpload(executor: Executor, jobId: number): Promise<void> {
  await executor.execute(sql`delete from import_uploads where job_id = ${jobId}`);
}
