// `playout-gateway jobs`: list the jobs of a running service, or follow one until it ends.
import { parseArgs } from "node:util";
import type { Config } from "../config.js";
import type { CliIo } from "./io.js";
import { CliError, EXIT, Progress, clientOf, graphql, graphqlPatiently, guarded } from "./remote.js";

export { JOBS_HELP } from "./help.js";
import { JOBS_OPTIONS } from "./options.js";

const FINAL = new Set(["SUCCEEDED", "FAILED", "CANCELED"]);
const STATUSES = ["PENDING", "PROCESSING", ...FINAL];
const JOB_FIELDS = "id type status progress entityId dateCreated dateFinished messages { type message }";

interface JobSummary {
  id: string;
  type: string;
  status: string;
  progress: number;
  entityId: string | null;
  dateCreated: string;
  messages: { type: string; message: string }[];
}

export function jobsCommand(args: string[], config: Config, io: CliIo): Promise<number> {
  return guarded(io.stderr, () => run(args, config, io));
}

async function run(args: string[], config: Config, { stdout, stderr }: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: JOBS_OPTIONS,
  });
  const statuses = values.status?.map((s) => s.toUpperCase());
  const unknown = statuses?.find((s) => !STATUSES.includes(s));
  if (unknown) throw new CliError(`jobs: --status must be one of ${STATUSES.map((s) => s.toLowerCase()).join(", ")} (got ${unknown.toLowerCase()})`, EXIT.usage);
  if (values.watch !== undefined && !/^[1-9]\d*$/.test(values.watch)) throw new CliError(`jobs: --watch takes a job id, a positive whole number (got ${values.watch})`, EXIT.usage);
  const client = await clientOf(values, config);
  if (!values.watch) {
    const { jobs } = (await graphql(client, `query($statuses: [JobStatus!]) { jobs(statuses: $statuses) { ${JOB_FIELDS} } }`, { statuses: statuses?.length ? statuses : undefined })) as { jobs: JobSummary[] };
    stdout.write(["id", "type", "status", "progress", "schedule", "created"].join("\t") + "\n");
    for (const j of jobs) stdout.write([j.id, j.type, j.status, `${j.progress}%`, j.entityId ?? "-", j.dateCreated].join("\t") + "\n");
    return EXIT.ok;
  }
  const progress = new Progress(values.quiet!, stderr);
  for (;;) {
    const { job } = (await graphqlPatiently(client, `query($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`, { id: values.watch }, stderr)) as { job: JobSummary | null };
    if (!job) throw new CliError(`Job ${values.watch} not found`, EXIT.refused);
    progress.show(`job ${job.id}`, job.progress ?? 0);
    if (FINAL.has(job.status)) {
      progress.done();
      stdout.write([`job ${job.id} ${job.type} ${job.status}`, ...job.messages.map((m) => `  ${m.type}: ${m.message}`)].join("\n") + "\n");
      return job.status === "SUCCEEDED" ? EXIT.ok : EXIT.failed;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
