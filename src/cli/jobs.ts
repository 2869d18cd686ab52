// `playout-gateway jobs`: list jobs, or watch one until it finishes.
import { EXIT, type Remote } from "./remote.js";
import { progressReporter } from "./progress.js";

const FINAL = new Set(["SUCCEEDED", "FAILED", "CANCELED"]);
const JOB_FIELDS = "id type status progress entityId fileName resourceLink dateCreated dateFinished messages { type message }";

export interface JobSummary {
  id: string;
  type: string;
  status: string;
  progress: number;
  entityId: string | null;
  fileName: string | null;
  resourceLink: string | null;
  dateCreated: string;
  dateFinished: string | null;
  messages: { type: string; message: string }[];
}

export async function listJobs(remote: Remote, statuses: string[] | undefined, out = process.stdout): Promise<number> {
  const { jobs } = await remote.request<{ jobs: JobSummary[] }>(`query($statuses: [JobStatus!]) { jobs(statuses: $statuses) { ${JOB_FIELDS} } }`, {
    statuses: statuses?.length ? statuses.map((s) => s.toUpperCase()) : undefined,
  });
  if (!jobs.length) {
    out.write("no jobs\n");
    return EXIT.ok;
  }
  out.write(["id", "type", "status", "progress", "schedule", "created"].join("\t") + "\n");
  for (const j of jobs) out.write([j.id, j.type, j.status, `${j.progress}%`, j.entityId ?? "-", j.dateCreated].join("\t") + "\n");
  return EXIT.ok;
}

/** Polls a job until it is final; answers it. */
export async function watchJob(remote: Remote, id: string, options: { intervalMs?: number; label?: string } = {}): Promise<JobSummary> {
  const progress = progressReporter(options.label ?? `job ${id}`);
  for (;;) {
    const { job } = await remote.request<{ job: JobSummary | null }>(`query($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`, { id });
    if (!job) throw Object.assign(new Error(`job ${id} not found`), { exitCode: EXIT.rejected });
    progress.update(job.progress ?? 0, job.status);
    if (FINAL.has(job.status)) {
      progress.done();
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 500));
  }
}

export function jobExitCode(job: JobSummary): number {
  return job.status === "SUCCEEDED" ? EXIT.ok : EXIT.failed;
}

export function describeJob(job: JobSummary): string {
  const lines = [`job ${job.id} ${job.type} ${job.status}`];
  for (const m of job.messages) lines.push(`  ${m.type}: ${m.message}`);
  return lines.join("\n") + "\n";
}
