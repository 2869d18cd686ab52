// `npm run bench:peers -- --shapes N [--seed S]`: N operations drawn at random (shapes.ts) against
// this service (jit) and PostGraphile 5 on the benchmark's database; every answer checked equal
// before and after the load; per shape, req/s and CPU per request (the server process plus the
// database's backends) at 2 and 10 connections over interleaved rounds; then the distribution of
// the ratios this/PostGraphile. Last line: `shapes: N, median ratio X, min ratio Y`.
// `--named` measures the named reads of shapes.ts instead (the jobs panel polled at 10 and 50
// connections, later pages), each with its p99 beside PostGraphile's; last line:
// `named: N, min ratio X, p99 at or below PostGraphile's in A of B`.
import { buildClientSchema, getIntrospectionQuery } from "graphql";
import postgres from "postgres";
import { signToken } from "../../src/server/identity/tokens.js";
import { prepareDatabase } from "./database.js";
import { ensurePeersInstalled, f2, firstDifference, graphql, machineLine, median, oneLine, option, out, SECRET, warmUpSeconds } from "./harness.js";
import { measure, type Measured } from "./load.js";
import { profileShape } from "./profile.js";
import { startProcess, type ServerProcess } from "./processes.js";
import { USAGE_WINDOW } from "./queries.js";
import { datasetSize, ORG } from "./seed.js";
import { addChangeSets, addShapeFixtures, readFacts } from "./shape-fixtures.js";
import { checkMappings } from "./shape-fields.js";
import { drawShapes, namedShapes, normalizeAnswer, ROOT_NAMES, type Shape } from "./shapes.js";

const CONNECTIONS = [2, 10];
const PEERS = ["this", "PostGraphile"] as const;
type Peer = (typeof PEERS)[number];
type Metric = "req/s" | "CPU";

/** Ratio this/PostGraphile of one run pair: req/s over req/s, and PostGraphile's CPU per request over ours (higher is better for both). */
const ratioOf = (metric: Metric, ours: Measured, theirs: Measured) =>
  metric === "req/s" ? ours.requestsPerSecond / theirs.requestsPerSecond : cpuPerRequest(theirs) / cpuPerRequest(ours);
const cpuPerRequest = (m: Measured) => m.serverCpuMs + (m.databaseCpuMs ?? 0);

interface Servers {
  ours: ServerProcess;
  theirs: ServerProcess;
  token: string;
}

/** Both answers of a shape, normalized: difference null when equal, else the failure with both texts. */
async function differenceOf(shape: Shape, servers: Servers): Promise<{ difference: string | null; ours?: unknown }> {
  let ours: unknown;
  let theirs: unknown;
  try {
    ours = normalizeAnswer(shape, "ours", await graphql(servers.ours.port, shape.ours, servers.token));
    theirs = normalizeAnswer(shape, "theirs", await graphql(servers.theirs.port, shape.theirs));
  } catch (error) {
    return { difference: `an answer failed: ${(error as Error).message}` };
  }
  const difference = firstDifference(ours, theirs);
  if (!difference) return { difference: null, ours };
  return { difference: `${difference}\n    this service's answer: ${oneLine(JSON.stringify(ours), 1500)}\n    PostGraphile's answer:  ${oneLine(JSON.stringify(theirs), 1500)}`, ours };
}

/** Checks every shape; prints each failure with both operations. Answers the names of the failed shapes. */
async function checkAll(shapes: Shape[], servers: Servers, when: string): Promise<Set<string>> {
  const failed = new Set<string>();
  let empty = 0;
  for (const shape of shapes) {
    const { difference, ours } = await differenceOf(shape, servers);
    if (ours === null || (Array.isArray(ours) && ours.length === 0)) empty++;
    if (!difference) continue;
    failed.add(shape.name);
    out(`FAILED (${when}) ${shape.name}: answers differ\n  this service: ${shape.ours}\n  PostGraphile: ${shape.theirs}\n  ${difference}`);
  }
  out(`answers checked ${when}: ${shapes.length - failed.size} of ${shapes.length} shapes equal (${empty} answered null or an empty list)`);
  return failed;
}

/** Statements per request of a shape at each server's driver (3 sequential requests after the check's warm-up). */
async function statementsOf(server: ServerProcess, port: number, query: string, token?: string): Promise<number> {
  const before = await server.statements();
  for (let i = 0; i < 3; i++) await graphql(port, query, token);
  return ((await server.statements()) - before) / 3;
}

async function introspect(port: number) {
  return buildClientSchema(await graphql(port, getIntrospectionQuery()));
}

export async function runShapes(): Promise<void> {
  const named = process.argv.includes("--named");
  const count = named ? 0 : Number(option("shapes") ?? 50);
  const seedOption = option("seed");
  // Without --seed a seed is drawn (and printed), so that no set of shapes is the one always measured.
  const seed = seedOption === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(seedOption);
  const rounds = Math.max(3, Number(process.env.PEERS_ROUNDS ?? 3));
  const seconds = Number(process.env.PEERS_SECONDS ?? 3);
  if (!named && (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed))) throw new Error("usage: --shapes N (N ≥ 1) [--seed S (an integer)]");
  ensurePeersInstalled();
  const size = datasetSize();
  out(named
    ? `peers benchmark, named reads: ${rounds} interleaved rounds of ${seconds} s per run, each at its own connections`
    : `peers benchmark, generated shapes: ${count} shapes, seed ${seed}, ${rounds} interleaved rounds of ${seconds} s per run, connections ${CONNECTIONS.join(" and ")}`);
  out(`dataset: ${size.schedules} schedules × ${size.eventsPerSchedule} events, ${size.assets} assets; ${machineLine()}`);
  const database = await prepareDatabase(size, USAGE_WINDOW, ORG);
  const admin = postgres(database.url, { max: 1, onnotice: () => {} });
  const started: ServerProcess[] = [];
  try {
    await addShapeFixtures(admin, ORG, "bench-org-2");
    const env = { DATABASE_URL: database.url, AUTH_SECRET: SECRET };
    const ours = await startProcess("this (jit)", "./serve-service.ts", { ...env, GRAPHQL_EXECUTOR: "jit" });
    started.push(ours);
    const theirs = await startProcess("PostGraphile 5", "./serve-postgraphile.ts", env);
    started.push(theirs);
    const token = await signToken(SECRET, { sub: "peers-bench", orgs: [ORG], role: "viewer" });
    await addChangeSets(admin, ORG, ours.port, await signToken(SECRET, { sub: "peers-bench", orgs: [ORG], role: "editor" }));
    const servers: Servers = { ours, theirs, token };

    // The mapping against both schemas: every row must name real fields on both sides.
    const unmapped = checkMappings(await introspect(theirs.port));
    out(`\nfields drawn: the mapping of shape-fields.ts; roots: ${ROOT_NAMES.join(", ")}. Scalar fields of ours without a PostGraphile equivalent (never drawn):`);
    for (const [type, fields] of unmapped) out(`  ${type}: ${fields.join(", ") || "none"}`);

    const facts = await readFacts(admin, ORG, size.assets);
    // --only 06,19 (or N1,N3 with --named): of the shapes drawn, measure these alone (the same text as in a whole run: a quicker before and after).
    const only = option("only")?.split(",").map((n) => (/^\d+$/.test(n.trim()) ? `S${n.trim().padStart(2, "0")}` : n.trim()));
    const shapes = (named ? namedShapes(facts) : drawShapes(count, seed, facts)).filter((shape) => !only || only.includes(shape.name.split(" ")[0]));
    out(named ? "\nnamed reads:" : `\nshapes (seed ${seed}):`);
    for (const shape of shapes) out(`  ${shape.name}: ${shape.ours}`);

    out("");
    const failed = await checkAll(shapes, servers, "before the load");
    const measured = shapes.filter((s) => !failed.has(s.name));
    // --check-only: the answers and nothing else (a quick test of the mapping over many shapes).
    if (process.argv.includes("--check-only")) {
      if (failed.size) process.exitCode = 1;
      out(named ? `named: ${shapes.length}, min ratio n/a, p99 at or below PostGraphile's in n/a` : `shapes: ${shapes.length}, median ratio n/a, min ratio n/a`);
      return;
    }
    const statements = new Map<string, string>();
    for (const shape of measured) {
      statements.set(shape.name, `${await statementsOf(ours, ours.port, shape.ours, token)} / ${await statementsOf(theirs, theirs.port, shape.theirs)}`);
    }

    /** One autocannon run of a shape's operation on one peer's server. */
    const load = (shape: Shape, peer: Peer, connections: number, forSeconds: number): Promise<Measured> => {
      const body = JSON.stringify({ query: peer === "this" ? shape.ours : shape.theirs });
      return measure(peer === "this" ? ours : theirs, { method: "POST", path: "/graphql", body }, connections, forSeconds, admin, database.name, peer === "this" ? token : undefined);
    };

    const warmUp = warmUpSeconds(1);
    if (warmUp > 0) {
      out(`\nwarm-up, not measured: every shape on both servers for ${warmUp} s at its most connections`);
      for (const shape of measured) for (const peer of PEERS) await load(shape, peer, Math.max(...(shape.connections ?? CONNECTIONS)), warmUp);
    }

    // results[shape][connections][peer] = one Measured per round
    const results = new Map<string, Measured[]>();
    const key = (shape: Shape, connections: number, peer: Peer) => `${shape.name}|${connections}|${peer}`;
    for (let round = 1; round <= rounds; round++) {
      out(`\nround ${round} of ${rounds}`);
      out("| shape | conns | this req/s | PostGraphile req/s | req/s ratio | this CPU ms/req | PostGraphile CPU ms/req | CPU ratio | p99 ms this / PostGraphile | statements this / PostGraphile |\n|---|---|---|---|---|---|---|---|---|---|");
      for (const [i, shape] of measured.entries()) {
        for (const connections of shape.connections ?? CONNECTIONS) {
          // Interleaved: which peer runs first alternates by round and shape.
          const order = (round + i) % 2 ? PEERS : [...PEERS].reverse();
          const runs = new Map<Peer, Measured>();
          for (const peer of order) {
            const m = await load(shape, peer, connections, seconds);
            runs.set(peer, m);
            results.set(key(shape, connections, peer), [...(results.get(key(shape, connections, peer)) ?? []), m]);
          }
          const [a, b] = [runs.get("this")!, runs.get("PostGraphile")!];
          const failures = a.failures + b.failures ? ` (failed: ${a.failures} / ${b.failures})` : "";
          out(`| ${shape.name} | ${connections} | ${a.requestsPerSecond.toFixed(1)} | ${b.requestsPerSecond.toFixed(1)} | ${f2(ratioOf("req/s", a, b))}${failures} | ${f2(cpuPerRequest(a))} | ${f2(cpuPerRequest(b))} | ${f2(ratioOf("CPU", a, b))} | ${a.p99} / ${b.p99} | ${statements.get(shape.name)} |`);
        }
      }
    }

    out("");
    for (const name of await checkAll(measured, servers, "after the load")) failed.add(name);
    const { worst, headline } = named ? reportNamed(measured, results, key, failed) : report(shapes, measured, results, key, failed, rounds);
    // --profile K: where the CPU of the K worst shapes by req/s goes (profile.ts); the headline stays the last line.
    const profiled = Number(option("profile") ?? 0);
    for (const shape of worst.slice(0, profiled)) await profileShape(shape.name, shape.ours, token, ours, Math.max(5, seconds), admin, database.name);
    if (profiled > 0) out(headline);
  } finally {
    for (const server of started) server.stop();
    await admin.end();
    await database.drop();
  }
}

type Key = (s: Shape, c: number, p: Peer) => string;

/** A shape's ratio at one connection count and metric: the median over rounds of each round's ratio. */
function medianRatio(results: Map<string, Measured[]>, key: Key, shape: Shape, connections: number, metric: Metric): number {
  const ours = results.get(key(shape, connections, "this"))!;
  const theirs = results.get(key(shape, connections, "PostGraphile"))!;
  return median(ours.map((m, i) => ratioOf(metric, m, theirs[i])));
}

/** Prints the distributions, the worst shapes and the headline; answers the shapes measured, the worst by req/s first, and the headline. */
function report(shapes: Shape[], measured: Shape[], results: Map<string, Measured[]>, key: Key, failed: Set<string>, rounds: number): { worst: Shape[]; headline: string } {
  const ratio = (shape: Shape, connections: number, metric: Metric) => medianRatio(results, key, shape, connections, metric);
  const summaries: { label: string; median: number; min: number }[] = [];
  out(`\nratios this/PostGraphile over ${measured.length} shapes (median of ${rounds} rounds each; CPU: PostGraphile's CPU per request over ours, server process + PostgreSQL backends)`);
  out("| metric | conns | min | median | max |\n|---|---|---|---|---|");
  for (const metric of ["req/s", "CPU"] as Metric[]) {
    for (const connections of CONNECTIONS) {
      const ratios = measured.map((s) => ratio(s, connections, metric));
      const stats = { label: `${metric} at ${connections}`, median: median(ratios), min: Math.min(...ratios) };
      summaries.push(stats);
      out(`| ${metric} | ${connections} | ${f2(stats.min)} | ${f2(stats.median)} | ${f2(Math.max(...ratios))} |`);
    }
  }
  // By root: which kind of read is behind (the medians of its shapes' ratios).
  out("\nby root, the median of its shapes' ratios:\n| root | shapes | req/s at 2 | req/s at 10 | CPU at 2 | CPU at 10 |\n|---|---|---|---|---|---|");
  for (const root of [...new Set(measured.map((s) => s.name.split(" ")[1]))].sort()) {
    const ofRoot = measured.filter((s) => s.name.split(" ")[1] === root);
    const cells = (["req/s", "CPU"] as Metric[]).flatMap((metric) => CONNECTIONS.map((c) => f2(median(ofRoot.map((s) => ratio(s, c, metric))))));
    out(`| ${root} | ${ofRoot.length} | ${cells.join(" | ")} |`);
  }
  // A shape's standing: the lower of its two connection counts' ratios.
  const rankedBy = (metric: Metric) => measured.map((s) => ({ shape: s, worst: Math.min(...CONNECTIONS.map((c) => ratio(s, c, metric))) })).sort((a, b) => a.worst - b.worst);
  for (const metric of ["req/s", "CPU"] as Metric[]) {
    const ranked = rankedBy(metric);
    out(`\nfive worst shapes by ${metric} (the lower of ${CONNECTIONS.join(" and ")} connections):`);
    for (const { shape, worst } of ranked.slice(0, 5)) {
      out(`  ${f2(worst)}  ${shape.name} (${CONNECTIONS.map((c) => `${c}: ${f2(ratio(shape, c, metric))}`).join(", ")})\n        this service: ${shape.ours}\n        PostGraphile: ${shape.theirs}`);
    }
  }
  if (failed.size) out(`\n${failed.size} shape(s) answered differently (printed above): ${[...failed].join(", ")}; the headline is n/a`);
  // The headline: the lowest of the four distributions' medians and of their minimums (the goal asks each of them).
  const ok = failed.size === 0 && measured.length > 0;
  const headlineMedian = ok ? f2(Math.min(...summaries.map((s) => s.median))) : "n/a";
  const headlineMin = ok ? f2(Math.min(...summaries.map((s) => s.min))) : "n/a";
  if (!ok) process.exitCode = 1;
  const headline = `shapes: ${shapes.length}, median ratio ${headlineMedian}, min ratio ${headlineMin}`;
  out(headline);
  return { worst: rankedBy("req/s").map(({ shape }) => shape), headline };
}

/** The named reads: per read and connection count the median ratios and p99s, then the headline. */
function reportNamed(measured: Shape[], results: Map<string, Measured[]>, key: Key, failed: Set<string>): { worst: Shape[]; headline: string } {
  out("\nnamed reads, medians over the rounds:\n| read | conns | req/s ratio | CPU ratio | p99 ms this / PostGraphile |\n|---|---|---|---|---|");
  const ratios: number[] = [];
  const standing = new Map<Shape, number>();
  let p99Within = 0;
  let pairs = 0;
  for (const shape of measured) {
    for (const connections of shape.connections ?? CONNECTIONS) {
      const ours = results.get(key(shape, connections, "this"))!;
      const theirs = results.get(key(shape, connections, "PostGraphile"))!;
      const byRequests = medianRatio(results, key, shape, connections, "req/s");
      const byCpu = medianRatio(results, key, shape, connections, "CPU");
      const [p99Ours, p99Theirs] = [median(ours.map((m) => m.p99)), median(theirs.map((m) => m.p99))];
      ratios.push(byRequests, byCpu);
      standing.set(shape, Math.min(standing.get(shape) ?? Infinity, byRequests));
      pairs++;
      if (p99Ours <= p99Theirs) p99Within++;
      out(`| ${shape.name} | ${connections} | ${f2(byRequests)} | ${f2(byCpu)} | ${p99Ours} / ${p99Theirs} |`);
    }
  }
  const ok = failed.size === 0 && ratios.length > 0;
  if (!ok) process.exitCode = 1;
  const headline = `named: ${measured.length}, min ratio ${ok ? f2(Math.min(...ratios)) : "n/a"}, p99 at or below PostGraphile's in ${ok ? `${p99Within} of ${pairs}` : "n/a"}`;
  out(headline);
  return { worst: [...standing].sort((a, b) => a[1] - b[1]).map(([shape]) => shape), headline };
}
