// The service in a process of its own, for test/faults/shutdown.test.ts, started as `serve` starts
// it (startService + stopOnSignals) with its settings from the environment, plus a job type whose
// handler never ends and never looks at its signal (the worst case for a shutdown):
//   node --import tsx test/helpers/faults-server-child.ts
// Prints "ready <port>" once listening and "started <jobId>" when the job's handler runs.
import "reflect-metadata";
import { loadConfig } from "../../src/config.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { startService, stopOnSignals } from "../../src/main.js";

const service = await startService(loadConfig(process.env), { quiet: true });
service.jobs.registry.register("TEST_FAULTS_ENDLESS", {
  async run(ctx) {
    process.stdout.write(`started ${ctx.job.id}\n`);
    await new Promise(() => {}); // never settles, never checks ctx.signal
  },
});
stopOnSignals(service);
process.stdout.write(`ready ${service.port}\n`);
if (process.env.FAULTS_ENQUEUE) {
  await enqueueJob(service.database.db, { type: "TEST_FAULTS_ENDLESS", organization: process.env.FAULTS_ENQUEUE });
  service.jobs.worker?.wake();
}
