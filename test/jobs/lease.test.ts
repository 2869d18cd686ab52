// Several workers on one PostgreSQL: one is killed (SIGKILL) in the middle of a job; the job is
// taken up again after its lease expires and finishes exactly once; every other job runs once.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../src/db/client.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { waitFor } from "../helpers/jobs.js";
import { recordingWorker, RUNS_TABLE } from "../helpers/recorded-jobs.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";

const LEASE_MS = 1500;
const JOBS = 60;
describe.skipIf(!process.env.DATABASE_URL)("jobs on PostgreSQL with several workers", () => {
  const t = useTestService({ runWorker: false });

  it("finishes the job of a killed worker exactly once, after its lease expired", async () => {
    const db = t.service.database.db;
    const org = uniqueOrg();
    await db.execute(RUNS_TABLE);
    const orphan = await enqueueJob(db, { type: "TEST_RECORDED", organization: org });

    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../helpers/job-worker-child.ts", import.meta.url)), t.databaseUrl!, "A", String(LEASE_MS)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (chunk) => {
          out += chunk;
          if (out.includes(`started ${orphan.id}\n`)) resolve();
        });
        child.once("exit", (code) => reject(new Error(`child worker exited early (${code})`)));
      });
    } finally {
      child.kill("SIGKILL"); // mid-job: its handler never returns, its lease is never released
      await exited;
    }

    for (let i = 0; i < JOBS; i++) await enqueueJob(db, { type: "TEST_RECORDED", organization: org });
    const handles = await Promise.all(["B", "C"].map(() => openDatabase({ databaseUrl: t.databaseUrl, dataDir: "memory://", maxConnections: 3 })));
    const workers = handles.map((h, i) => recordingWorker(h.db, ["B", "C"][i], LEASE_MS));
    workers.forEach((w) => w.start());
    try {
      await waitFor("every job to finish", async () => {
        const [{ open }] = await queryRows<{ open: number }>(db, sql`select count(*)::int as open from jobs where organization = ${org} and status not in ('SUCCEEDED', 'FAILED', 'CANCELED')`);
        return open === 0;
      }, 30_000);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await Promise.all(handles.map((h) => h.close()));
    }

    const jobs = await queryRows<{ id: number; status: string; attempts: number }>(db, sql`select id, status, attempts from jobs where organization = ${org} order by id`);
    expect(jobs).toHaveLength(JOBS + 1);
    expect(jobs.every((j) => j.status === "SUCCEEDED")).toBe(true);
    const runs = await queryRows<{ job_id: number; worker: string; phase: string; at: string | Date }>(db, sql`select job_id, worker, phase, at from test_job_runs order by at`);
    for (const job of jobs) {
      const mine = runs.filter((r) => Number(r.job_id) === Number(job.id));
      expect(mine.filter((r) => r.phase === "done"), `job ${job.id}`).toHaveLength(1);
      expect(mine.filter((r) => r.phase === "start"), `job ${job.id}`).toHaveLength(Number(job.id) === Number(orphan.id) ? 2 : 1);
    }
    const orphanRuns = runs.filter((r) => Number(r.job_id) === Number(orphan.id));
    expect(orphanRuns.map((r) => `${r.worker === "A" ? "A" : "other"}:${r.phase}`)).toEqual(["A:start", "other:start", "other:done"]);
    // Nobody took the job while A's lease held (A recorded its start a moment after its claim:
    // the margin covers a loaded machine; without leases the take-over would come within ms).
    expect(new Date(orphanRuns[1].at).getTime() - new Date(orphanRuns[0].at).getTime()).toBeGreaterThanOrEqual(LEASE_MS - 500);
    expect(jobs.find((j) => Number(j.id) === Number(orphan.id))!.attempts).toBe(2);
    // Both surviving workers took part.
    expect(new Set(runs.filter((r) => r.phase === "done").map((r) => r.worker))).toEqual(new Set(["B", "C"]));
  });
});
