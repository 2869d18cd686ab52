// Output files of jobs (exports), one per job, kept under FILES_DIR as `<jobId>`. A file is written
// beside its final name and renamed, so a reader never sees half a file.
import { createReadStream, createWriteStream, type ReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export class FileStore {
  constructor(readonly dir: string) {}

  private pathOf(jobId: number): string {
    if (!Number.isSafeInteger(jobId) || jobId <= 0) throw new Error(`not a job id: ${jobId}`);
    return join(this.dir, String(jobId));
  }

  /** Writes the job's file and answers its size in bytes. */
  async write(jobId: number, content: string | Uint8Array | AsyncIterable<string | Uint8Array>): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const final = this.pathOf(jobId);
    const partial = `${final}.${process.pid}.${Date.now()}.part`;
    try {
      const source = typeof content === "string" || content instanceof Uint8Array ? Readable.from([content]) : Readable.from(content);
      await pipeline(source, createWriteStream(partial));
      await rename(partial, final);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await stat(final)).size;
  }

  /** A stream of the job's file, or null when there is none. */
  async open(jobId: number): Promise<{ stream: ReadStream; size: number } | null> {
    const path = this.pathOf(jobId);
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(jobId: number): Promise<void> {
    await rm(this.pathOf(jobId), { force: true });
  }
}
