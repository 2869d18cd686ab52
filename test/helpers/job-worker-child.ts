// A worker in its own process, for the test that kills one mid-job:
//   node --import tsx test/helpers/job-worker-child.ts <databaseUrl> <workerId> <leaseMs>
// Prints "started <jobId>" when its handler has begun a job; the handler then never finishes.
import { openDatabase } from "../../src/db/client.js";
import { recordingWorker } from "./recorded-jobs.js";

const [databaseUrl, workerId, leaseMs] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, dataDir: "memory://", maxConnections: 2 });
recordingWorker(database.db, workerId, Number(leaseMs), { hang: (jobId) => process.stdout.write(`started ${jobId}\n`) }).start();
