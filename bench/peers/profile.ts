// Where a request's CPU goes: V8's sampling profiler started in this service's process (stats.ts)
// while one shape is served at 10 connections (PEERS_PROFILE_CONNECTIONS: another number), its samples then put in stages by the code they
// ran in (the first frame from the leaf up whose file says which stage it belongs to), beside the
// database backends' CPU for the same requests. V8 counts a builtin's time (JSON.stringify, a
// regular expression) to the function that called it, so serialization shows in its caller's stage. `npm run bench:peers -- --shapes N --profile K`
// profiles the K worst shapes by req/s after the run.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type postgres from "postgres";
import { f2, out } from "./harness.js";
import { measure, type Measured } from "./load.js";
import type { ServerProcess } from "./processes.js";

/** The stages a sample may be put in, each by the frames' file (url) or function name; the first that matches from the leaf up wins. */
const STAGES: { stage: string; matches: (url: string, name: string) => boolean }[] = [
  { stage: "garbage collection", matches: (_, name) => name === "(garbage collector)" },
  // Stopping the profiler builds the profile inside the inspector's dispatch: not the service's work.
  { stage: "profiler", matches: (url, name) => name === "dispatch" && url === "" },
  { stage: "SQL built and sent (drizzle, postgres.js)", matches: (url) => /node_modules\/(postgres|drizzle-orm)\/|\/(?:src|dist)\/db\//.test(url) },
  { stage: "mapping rows (mappers, read plans)", matches: (url) => /mapper\.[jt]s|read-plan|json-plan|json-reads|planned-select/.test(url) },
  { stage: "parse, validate, limits", matches: (url) => /graphql\/language|graphql\/validation|graphql-query-complexity|graphql-armor|\/(?:src|dist)\/server\/limits\//.test(url) },
  { stage: "GraphQL execution (jit, resolvers, services)", matches: (url) => /graphql-jit|graphql\/execution|graphql\/type|resolver\.[jt]s|service\.[jt]s|\/(?:src|dist)\/(schedules|events|assets|jobs|history|asrun|reporting|collections|templates|changesets)\//.test(url) },
  { stage: "HTTP and the serving layer", matches: (url) => /^node:(_http|http|net|stream|internal\/(http|streams|stream_base))|_http_|@apollo\/server|express|\/(?:src|dist)\/server\//.test(url) },
  { stage: "idle", matches: (_, name) => name === "(idle)" },
];
const OTHER = "other (runtime, timers, promises)";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The native socket writes a sample may end in: the answer to the client (writev) and the
 * statements to PostgreSQL (postgres.js's writeBuffer). On loopback TCP the kernel does the
 * receiver's work inside the sender's call, so these are most of the serving layer's fixed cost
 * when connections are few, and no JavaScript of ours runs in them.
 */
const SOCKET_WRITES = new Set(["writev", "writeBuffer", "writeUtf8String", "writeLatin1String"]);

/** Each stage's share of a profile's sampled time, idle left out, in descending order; the functions most of "other" ran in; the socket writes' share. */
export function stagesOf(profile: CpuProfile): { stages: { stage: string; share: number }[]; otherLeaves: string[]; socketWrites: number } {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOfNode = new Map<number, string>();
  const stageOf = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known) return known;
    let stage = OTHER;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName } = byId.get(at)!.callFrame;
      const found = STAGES.find((candidate) => candidate.matches(url, functionName));
      if (found) {
        stage = found.stage;
        break;
      }
    }
    stageOfNode.set(id, stage);
    return stage;
  };
  const time = new Map<string, number>();
  const otherTime = new Map<string, number>();
  let writes = 0;
  profile.samples.forEach((id, i) => {
    const stage = stageOf(id);
    const delta = profile.timeDeltas[i] ?? 0;
    time.set(stage, (time.get(stage) ?? 0) + delta);
    if (SOCKET_WRITES.has(byId.get(id)!.callFrame.functionName)) writes += delta;
    if (stage !== OTHER) return;
    const { functionName, url } = byId.get(id)!.callFrame;
    const leaf = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(src|dist|bench)\//, "$1/")}`.trim();
    otherTime.set(leaf, (otherTime.get(leaf) ?? 0) + delta);
  });
  time.delete("idle");
  time.delete("profiler");
  const total = [...time.values()].reduce((sum, t) => sum + t, 0) || 1;
  const otherLeaves = [...otherTime].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([leaf, t]) => `${leaf} ${((100 * t) / total).toFixed(1)} %`);
  return { stages: [...time].map(([stage, t]) => ({ stage, share: t / total })).sort((a, b) => b.share - a.share), otherLeaves, socketWrites: writes / total };
}

/** Prints a profiled run: CPU per request (server and PostgreSQL backends) and the server's CPU by stage. */
export function printProfile(name: string, measured: Measured, profile: unknown): void {
  const { stages, otherLeaves, socketWrites } = stagesOf(profile as CpuProfile);
  // PEERS_PROFILE_DIR: the raw profile kept too, to read by function (Chrome DevTools or speedscope open a .cpuprofile).
  const dir = process.env.PEERS_PROFILE_DIR;
  if (dir) writeFileSync(join(dir, `${name.replace(/\W+/g, "-")}.cpuprofile`), JSON.stringify(profile));
  const inDatabase = measured.databaseCpuMs ?? 0;
  const total = measured.serverCpuMs + inDatabase;
  out(`\nprofile of ${name}: ${measured.requestsPerSecond.toFixed(0)} req/s under the profiler, CPU per request ${f2(total)} ms = server ${f2(measured.serverCpuMs)} + PostgreSQL backends ${f2(inDatabase)} (${((100 * inDatabase) / (total || 1)).toFixed(0)} % in the database)`);
  out("| stage of the server's CPU | share |\n|---|---|");
  for (const { stage, share } of stages) out(`| ${stage} | ${(100 * share).toFixed(1)} % |`);
  out(`other, by the function its samples ran in: ${otherLeaves.join("; ")}`);
  out(`socket writes (the answer's and the statements', in the kernel; within the stages above): ${(100 * socketWrites).toFixed(1)} % of the server's CPU, ${(1000 * socketWrites * measured.serverCpuMs).toFixed(0)} µs a request`);
}

/** The connections a profiled shape is served at (PEERS_PROFILE_CONNECTIONS, default 10). */
export const PROFILE_CONNECTIONS = Number(process.env.PEERS_PROFILE_CONNECTIONS ?? 10);

/** Serves `query` from `server` at PROFILE_CONNECTIONS for `seconds` under the profiler, and prints where its CPU went. */
export async function profileShape(name: string, query: string, token: string, server: ServerProcess, seconds: number, admin: postgres.Sql, database: string): Promise<void> {
  await server.startProfile();
  const measured = await measure(server, { method: "POST", path: "/graphql", body: JSON.stringify({ query }) }, PROFILE_CONNECTIONS, seconds, admin, database, token);
  printProfile(name, measured, await server.stopProfile());
}
