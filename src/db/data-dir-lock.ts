// The embedded database belongs to one process: two PGlite instances on one directory each keep
// their own view of the files and silently lose each other's writes. A lock file in DATA_DIR holds
// the owner's pid; a second process refuses the directory, and a lock whose process is gone (a
// crash, kill -9) is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

export const LOCK_FILE_NAME = "pglite.lock";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}: the embedded database can be opened by one process at a time. ` +
        `Stop that process first (or talk to it through its GraphQL API, or use PostgreSQL with DATABASE_URL). ` +
        `If no such process runs, delete ${join(dataDir, LOCK_FILE_NAME)}.`,
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, someone else's
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes DATA_DIR for this process; answers the release. Throws DataDirInUseError when taken. */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        if (readPid(path) === process.pid) unlinkSync(path);
      };
      process.on("exit", release); // a process that exits without closing still frees the directory
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readPid(path);
    // The same pid is this process opening the directory a second time: just as unsafe.
    if (owner !== null && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
    // Stale (its process is gone) or unreadable (a writer died between create and write): take over.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new Error(`Could not take the lock ${path}: another process keeps taking it`);
}
