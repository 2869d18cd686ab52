// Two processes on one embedded data directory lose each other's writes: the second one refuses
// the directory; a lock left by a dead process is taken over; closing releases it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.js";
import { DataDirInUseError, LOCK_FILE_NAME } from "../../src/db/data-dir-lock.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pgw-faults-lock-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// One data directory for the three tests, made (from the run's migrated template) and closed once
// before them: each test starts with it closed and unlocked.
let dir: string;
beforeAll(async () => {
  dir = tempDir();
  await (await openDatabase({ dataDir: dir, templateDir: process.env.PGLITE_TEMPLATE_DIR })).close();
});

describe("the embedded data directory lock", () => {
  it("refuses a second opening of a directory in use, and releases it on close", async () => {
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(join(dir, LOCK_FILE_NAME), "utf8").trim()).toBe(String(process.pid));
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toThrow(DataDirInUseError);
      await expect(second).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${process.pid}`);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it("makes `seed` in another process refuse the directory of a running service", async () => {
    const held = await openDatabase({ dataDir: dir });
    try {
      const seed = spawn(process.execPath, ["--import", "tsx", "src/cli/index.ts", "seed"], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", LOG_LEVEL: "silent" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      seed.stderr!.on("data", (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => seed.once("exit", resolve));
      expect(code).not.toBe(0);
      expect(stderr).toContain(`DATA_DIR ${dir} is in use by process ${process.pid}`);
    } finally {
      await held.close();
    }
  });

  it("takes over a lock whose process is gone", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const deadPid = Number(gone.stdout);
    expect(deadPid).toBeGreaterThan(0);
    writeFileSync(join(dir, LOCK_FILE_NAME), `${deadPid}\n`);
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(readFileSync(join(dir, LOCK_FILE_NAME), "utf8").trim()).toBe(String(process.pid));
    } finally {
      await database.close();
    }
  });
});
