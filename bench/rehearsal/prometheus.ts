// The rehearsal's Prometheus: a real one (test/helpers/prometheus.ts) scraping the METRICS_PORT of
// the three servers and two workers every second, each target labelled with its role (server,
// worker) and its member (server1, worker1); a worker started in place of a killed one serves the
// same target. At the end (and after the flood) the rehearsal asks it, through its HTTP API, what
// an operator's dashboard would show, and fails when a target was never up or a metric that
// docs/DEPLOY.md's alerts or the Grafana dashboard name has no series where it belongs.
import { EVENT_METRICS, metricsOf, startPrometheus, type Prometheus, type Sample } from "../../test/helpers/prometheus.js";
import type { Member } from "./topology.js";

export const SCRAPE_INTERVAL_SECONDS = 1;

export interface Scraping {
  prometheus: Prometheus;
  /** When it started (ms): the report's range runs from here. */
  since: number;
  /** The scrape targets: member label → role. */
  targets: Map<string, Member["kind"]>;
}

/** Starts Prometheus on the members' metrics ports; the reason when it cannot (not installed). */
export async function startScraping(members: Member[]): Promise<Scraping | string> {
  const targets = new Map(members.map((member) => [member.target, member.kind]));
  const prometheus = await startPrometheus(
    members.map((member) => ({ address: `127.0.0.1:${member.metricsPort}`, labels: { role: member.kind, member: member.target } })),
    { scrapeInterval: `${SCRAPE_INTERVAL_SECONDS}s` },
  );
  if ("skipped" in prometheus) return prometheus.skipped;
  return { prometheus, since: Date.now(), targets };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Seconds since `from`, rounded up, as a PromQL range. */
const rangeSince = (from: number) => `${Math.max(2, Math.ceil((Date.now() - from) / 1000))}s`;
const number = (sample: Sample) => Number(sample.value[1]);
const byLabel = (samples: Sample[], label: string, format: (value: number) => string) =>
  samples
    .sort((a, b) => String(a.metric[label]).localeCompare(String(b.metric[label])))
    .map((sample) => `${sample.metric[label] ?? "?"} ${format(number(sample))}`)
    .join(", ") || "none";
const count = (value: number) => String(Math.round(value));
const ms = (seconds: number) => (Number.isFinite(seconds) ? `${Math.round(seconds * 1000)} ms` : "-");

/** One line after a fault: the limit refusals Prometheus counted while it ran (the flood must show). */
export async function refusalsSince(scraping: Scraping, startedAt: number): Promise<string> {
  await sleep(2000 * SCRAPE_INTERVAL_SECONDS); // the last scrapes of the phase
  const refusals = await scraping.prometheus.query(`sum by (limit) (increase(playout_limit_refusals_total[${rangeSince(startedAt)}]))`);
  return `prometheus: limit refusals during the flood, by limit (increase, extrapolated): ${byLabel(refusals, "limit", count)}`;
}

/** The "prometheus:" block over the whole run, and whether its checks held. */
export async function prometheusReport(scraping: Scraping, options: { flooded: boolean }): Promise<{ lines: string[]; held: boolean }> {
  const { prometheus } = scraping;
  await sleep(2000 * SCRAPE_INTERVAL_SECONDS);
  const range = rangeSince(scraping.since);
  const q = (expression: string) => prometheus.query(expression);
  const lines: string[] = [`prometheus: scraped every ${SCRAPE_INTERVAL_SECONDS} s, over the run (${range.replace("s", " s")}; counts are increase(): extrapolated, and blind to what a series held at its first scrape)`];
  let held = true;

  // Targets: up at the last scrape, and each up at some point of the run.
  const health = await prometheus.targets();
  const upNow = health.filter((target) => target.health === "up").length;
  const everUp = new Set((await q(`max by (member) (max_over_time(up[${range}])) == 1`)).map((sample) => sample.metric.member));
  const neverUp = [...scraping.targets.keys()].filter((member) => !everUp.has(member));
  const failedScrapes = await q(`sum by (member) (count_over_time(up[${range}]) - sum_over_time(up[${range}])) > 0`);
  lines.push(`  targets up ${upNow} of ${scraping.targets.size}; never up: ${neverUp.join(", ") || "none"}; failed scrapes: ${byLabel(failedScrapes, "member", count)}`);
  if (neverUp.length) held = false;

  const requests = await q(`sum by (member) (increase(playout_graphql_requests_total{role="server"}[${range}]))`);
  lines.push(`  requests by server: ${byLabel(requests, "member", count)} (total ${count(requests.reduce((sum, sample) => sum + number(sample), 0))})`);
  const depth = await q(`max by (type) (max_over_time(playout_job_queue_depth[${range}])) > 0`);
  const [oldest] = await q(`max(max_over_time(playout_job_queue_oldest_age_seconds[${range}]))`);
  lines.push(`  job backlog, most over the run: waiting ${byLabel(depth, "type", count)}; oldest wait ${oldest ? `${number(oldest).toFixed(1)} s` : "-"}`);
  const refusals = await q(`sum by (limit) (increase(playout_limit_refusals_total[${range}]))`);
  const refused = refusals.reduce((sum, sample) => sum + number(sample), 0);
  lines.push(`  limit refusals by limit: ${byLabel(refusals, "limit", count)}${options.flooded ? (refused > 0 ? " (the flood shows)" : " (the flood ran: none counted)") : ""}`);
  if (options.flooded && !(refused > 0)) held = false;
  // Pool waits: the statements that found no free connection (the histogram's 0 bucket holds those that did), their p99 and the most waiting at once.
  const perPool = async (expression: string) => new Map((await q(expression)).map((sample) => [sample.metric.pool, number(sample)]));
  const asked = await perPool(`sum by (pool) (increase(playout_db_pool_wait_seconds_count[${range}]))`);
  const waited = await perPool(`sum by (pool) (increase(playout_db_pool_wait_seconds_count[${range}]) - ignoring(le) increase(playout_db_pool_wait_seconds_bucket{le="0"}[${range}]))`);
  const waitP99 = await perPool(`histogram_quantile(0.99, sum by (le, pool) (increase(playout_db_pool_wait_seconds_bucket[${range}])))`);
  const waiting = await perPool(`max by (pool) (max_over_time(playout_db_pool_waiting[${range}]))`);
  const pools = [...asked.keys()].sort().map((pool) => `${pool} ${count(waited.get(pool) ?? 0)} of ${count(asked.get(pool) ?? 0)} waited, p99 ${ms(waitP99.get(pool) ?? NaN)}, at most ${count(waiting.get(pool) ?? 0)} at once`);
  lines.push(`  pool waits: ${pools.join("; ") || "none"}`);
  const lag = await q(`max by (member) (max_over_time(nodejs_eventloop_lag_p99_seconds[${range}]))`);
  lines.push(`  event-loop lag p99, most over the run: ${byLabel(lag, "member", ms)}`);

  // Every monitored metric has series from the members that export it (the counters of rare events only once they happened; refusals once the flood ran).
  const required = (kind: Member["kind"]) => metricsOf({ server: kind === "server", worker: kind === "worker" }).filter((name) => !EVENT_METRICS.has(name) || (options.flooded && kind === "server" && name === "playout_limit_refusals_total"));
  const names = [...new Set([...required("server"), ...required("worker")])];
  const series = await prometheus.series(names.map((name) => `{__name__="${name}"}`), Math.ceil((Date.now() - scraping.since) / 1000));
  const present = new Set(series.map((labels) => `${labels.role} ${labels.__name__}`));
  const missing = (["server", "worker"] as const).flatMap((kind) => required(kind).filter((name) => !present.has(`${kind} ${name}`)).map((name) => `${name} (${kind})`));
  lines.push(`  monitored metrics (DEPLOY.md's alerts, the Grafana dashboard): ${names.length - new Set(missing.map((m) => m.split(" ")[0])).size} of ${names.length} present${missing.length ? `; missing: ${missing.join(", ")}` : ""}`);
  if (missing.length) held = false;
  return { lines, held };
}
