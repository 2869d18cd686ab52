// `npm run rehearse`: the deployment of docs/DEPLOY.md on this machine with the real components
// (HAProxy, PgBouncer, PostgreSQL streaming replication), a fixed-rate mixed load through the
// balancer and faults one after another; prints a table per phase and, last, one summary line.
//   npm run rehearse                                  3 minutes, every fault
//   REHEARSE_SECONDS=30 REHEARSE_FAULTS=rolling-restart,kill-worker npm run rehearse
// Env: REHEARSE_SECONDS (180), REHEARSE_RATE (requests/s, 15), REHEARSE_FAULTS (comma-separated:
// rolling-restart, kill-server, kill-worker, restart-postgres, replica-stop-start, flood; default all).
// flood: one tenant asks 20 times its rate budget; it must get RATE_LIMITED while the other
// tenants' p99 stays within 10 % of the quiet spells between its turns (rehearsal/flood.ts).
// The primary is a PostgreSQL server of the rehearsal's own (initdb in a temp dir), so restarting
// it disturbs no other database of the machine. A Prometheus of its own scrapes the five (when it is
// installed): a "prometheus:" block at the end (rehearsal/prometheus.ts) tells what it saw, and the
// run fails when a target was never up or a metric of the monitoring docs has no series.
// Exit code 0 when the targets hold, 1 otherwise.
import { ALL_FAULTS, drive, type Fault } from "./rehearsal/drive.js";
import { prometheusReport, refusalsSince } from "./rehearsal/prometheus.js";
import { Topology } from "./rehearsal/topology.js";

const out = (line: string) => process.stdout.write(line + "\n");
const seconds = Number(process.env.REHEARSE_SECONDS ?? 180);
const rate = Number(process.env.REHEARSE_RATE ?? 15);
const faults = (process.env.REHEARSE_FAULTS ? process.env.REHEARSE_FAULTS.split(",").map((f) => f.trim()) : ALL_FAULTS) as Fault[];
const unknown = faults.filter((f) => !ALL_FAULTS.includes(f));
if (unknown.length) {
  out(`unknown faults: ${unknown.join(", ")} (known: ${ALL_FAULTS.join(", ")})`);
  process.exit(2);
}

const topology = new Topology();
let code = 1;
try {
  const cannot = await topology.start();
  if (cannot) {
    out(`rehearsal skipped: ${cannot}`);
    code = 0;
  } else {
    for (const note of topology.notes) out(`note: ${note}`);
    out(`balancer ${topology.balancerUrl}; ${topology.live("server").length} servers${topology.pooler ? " through PgBouncer (transaction mode)" : ""}, ${topology.live("worker").length} workers${topology.replica ? ", 1 streaming replica" : ""}; ${seconds} s at ${rate} requests/s; faults: ${faults.join(", ")}`);
    const scraping = topology.scraping;
    if (scraping) out(`prometheus ${scraping.prometheus.url} scrapes ${[...scraping.targets.keys()].join(", ")}`);
    const afterFault = async (fault: Fault, startedAt: number) => {
      if (scraping && fault === "flood") out(await refusalsSince(scraping, startedAt));
    };
    const summary = await drive(topology, { seconds, rate, faults, out, afterFault });
    const scraped = scraping ? await prometheusReport(scraping, { flooded: faults.includes("flood") }) : null;
    for (const line of scraped?.lines ?? []) out(line);
    const held = scraped?.held !== false && summary.lostWrites === 0 && summary.duplicateJobs === 0 && summary.lostJobs === 0 && summary.failedDownloads === 0 && summary.failedDuringRollingRestart === 0 && (summary.postgresRecoverySeconds === null || summary.postgresRecoverySeconds <= 5) && summary.floodHeld !== false;
    code = held ? 0 : 1;
    out(summary.line);
  }
} finally {
  await topology.stop();
}
process.exit(code);
