// SIGTERM runs the service's own shutdown: requests in flight finish, a running job goes back to
// PENDING with its attempt not counted, the database is closed, and the process exits 0. The
// server runs in a child process with NODE_ENV=production, where Apollo would install its own
// signal handler (which ended the process with 143 before ours ran).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../src/db/client.js";
import { LOCK_FILE_NAME } from "../../src/db/data-dir-lock.js";
import { runMigrations } from "../../src/db/migrate.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { freshDatabase, makeClient, TEST_SECRET, uniqueOrg } from "../helpers/service.js";

const CHILD = fileURLToPath(new URL("../helpers/faults-server-child.ts", import.meta.url));
const onPostgres = !!process.env.DATABASE_URL;

interface Child {
  process: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  waitFor(line: RegExp): Promise<RegExpMatchArray>;
}

function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", AUTH_SECRET: TEST_SECRET, SEED_DEMO: "false", LOG_LEVEL: "info", JOB_POLL_MS: "50", JOB_SHUTDOWN_GRACE_MS: "300", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    out += chunk;
    listeners.forEach((l) => l());
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const waitFor = (line: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = line.exec(out);
        if (match) {
          listeners.delete(check);
          resolve(match);
        }
      };
      listeners.add(check);
      check();
      void exited.then(() => reject(new Error(`child exited before printing ${line}:\n${out}`)));
    });
  return waitFor(/ready (\d+)/).then((m) => ({ process: child, port: Number(m[1]), output: () => out, exited, waitFor }));
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe.skipIf(!onPostgres)("SIGTERM on PostgreSQL", () => {
  it("finishes the request in flight, hands the running job back as PENDING, exits 0", async () => {
    const database = await freshDatabase(process.env.DATABASE_URL!);
    const org = uniqueOrg();
    const observer = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const child = await startChild({ DATABASE_URL: database.url, FAULTS_ENQUEUE: org });
      try {
        const [, jobId] = await child.waitFor(/started (\d+)/);
        const gql = makeClient(`http://127.0.0.1:${child.port}`, await signToken(TEST_SECRET, { sub: "u", orgs: [org], role: "editor" }));
        const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "Before" }) { id } }`);

        // A request in flight: its update waits on a row this test holds locked.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const lockTaken = new Promise<void>((resolve) => (locked = resolve));
        const holding = observer.begin(async (tx) => {
          await tx`select id from schedules where id = ${createSchedule.id} for update`;
          locked();
          await released;
        });
        await lockTaken;
        const inFlight = gql.request(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "During" }) { name } }`, { id: createSchedule.id });
        const waiting = postgres(database.url, { max: 1, onnotice: () => {} });
        for (;;) {
          const [{ n }] = await waiting`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
          if (n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await waiting.end();

        child.process.kill("SIGTERM");
        await child.waitFor(/signal received/);
        release();
        await holding;
        const answer = await inFlight;
        expect(answer.errors).toBeUndefined();
        expect(answer.data.updateSchedule.name).toBe("During");
        expect(await child.exited).toBe(0);

        const [job] = await observer`select status, attempts, lease_owner, messages from jobs where id = ${jobId}`;
        expect(job).toMatchObject({ status: "PENDING", attempts: 0, lease_owner: null });
        expect(job.messages).toContainEqual({ type: "INFO", message: "The worker stopped; the job went back to the queue" });
      } finally {
        child.process.kill("SIGKILL");
      }
    } finally {
      await observer.end();
      await database.drop();
    }
  });
});

describe.skipIf(onPostgres)("SIGTERM on embedded PGlite", () => {
  it("hands the running job back as PENDING, exits 0 and releases the data directory", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pgw-faults-shutdown-"));
    dirs.push(dataDir);
    const org = uniqueOrg();
    const child = await startChild({ DATABASE_URL: "", DATA_DIR: dataDir, FAULTS_ENQUEUE: org });
    let jobId: string;
    try {
      [, jobId] = await child.waitFor(/started (\d+)/);
      child.process.kill("SIGTERM");
      expect(await child.exited).toBe(0);
    } finally {
      child.process.kill("SIGKILL");
    }
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database);
      const [job] = await queryRows<{ status: string; attempts: number; lease_owner: string | null }>(database.db, sql`select status, attempts, lease_owner from jobs where id = ${Number(jobId)}`);
      expect(job).toMatchObject({ status: "PENDING", attempts: 0, lease_owner: null });
    } finally {
      await database.close();
    }
  });
});
