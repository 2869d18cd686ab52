// The rehearsal's flood: one tenant of its own sends requests costing 20 times its organization's
// rate budget (FLOOD_BUDGET per FLOOD_WINDOW_SECONDS, set on every server: topology.ts) through
// the balancer, from a process of its own (flooder.ts), in turns with quiet spells of the same
// length, while the rest of the load goes on. It reports what the flooder got (admitted, RATE_LIMITED, the most admitted in one window of
// the counters every server shares) and the other tenants' p99 with and without the flood.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { signToken } from "../../src/server/identity/tokens.js";

/** The budgets every server of the rehearsal runs with (topology.ts hands them over as settings). */
export const FLOOD_WINDOW_SECONDS = 60;
export const FLOOD_BUDGET = 120_000;
/** The flood runs this long in each window, then the window ends in quiet: every check of a turn falls in one window, however late it is answered. */
const FLOOD_SPELL_SECONDS = 20;
export const RATE_LIMIT_ENV = {
  RATE_LIMIT_WINDOW_SECONDS: String(FLOOD_WINDOW_SECONDS),
  RATE_LIMIT_ORGANIZATION_POINTS: String(FLOOD_BUDGET),
  RATE_LIMIT_SUBJECT_POINTS: String(2 * FLOOD_BUDGET),
};
/** How many times its budget the flooder asks for. */
const OVER = 20;
const FLOOD_ORG = "flooder";
/** A page of 1,000 events: cost 1 + 1 + 1,000 × 1 (query-limits.ts), whatever the schedule holds. */
const FLOOD_QUERY = `query Flood($id: ID!) { schedule(id: $id) { events(size: 1000) { content { id } } } }`;
export const FLOOD_COST = 1002;

interface FloodAnswer {
  at: number;
  status: number;
  code?: string;
}

export interface FloodOutcome {
  sent: number;
  admitted: number;
  limited: number;
  other: number;
  /** The most cost admitted within one window of the shared counters. */
  mostInOneWindow: number;
}

const FLOODER = fileURLToPath(new URL("./flooder.ts", import.meta.url));

/** Sends the flood for `ms` at 20 times the budget's rate (cost per second), from a process of its own (flooder.ts). */
async function flood(base: string, token: string, scheduleId: string, ms: number, answers: FloodAnswer[]): Promise<void> {
  const perSecond = (OVER * FLOOD_BUDGET) / FLOOD_WINDOW_SECONDS / FLOOD_COST;
  const env = { ...process.env, FLOOD_BASE: base, FLOOD_TOKEN: token, FLOOD_BODY: JSON.stringify({ query: FLOOD_QUERY, variables: { id: scheduleId } }), FLOOD_PER_SECOND: String(perSecond), FLOOD_MS: String(ms) };
  const child = spawn(process.execPath, ["--import", "tsx", FLOODER], { env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  await new Promise((resolve) => child.once("exit", resolve));
  answers.push(...(JSON.parse(out.trim() || "[]") as FloodAnswer[]));
}

/**
 * The flood phase: turns of a quiet spell ("flood: off", a whole window, so that the flooder's
 * last window has ended) and the flood ("flood: on", FLOOD_SPELL_SECONDS at 20 times the budget's
 * rate, which its first check opens a window for), so that both see the same machine.
 * `setPhase` names the other tenants' samples.
 */
export async function floodPhase(options: { base: string; secret: string; ms: number; setPhase: (name: string) => void }): Promise<FloodOutcome & { lines: string[] }> {
  const token = await signToken(options.secret, { sub: "flooder", orgs: [FLOOD_ORG], role: "editor" });
  const created = await fetch(`${options.base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: `mutation { createSchedule(input: { name: "flooded" }) { id } }` }),
  }).then((r) => r.json() as Promise<any>);
  const scheduleId = created.data.createSchedule.id as string;
  const answers: FloodAnswer[] = [];
  const window = FLOOD_WINDOW_SECONDS * 1000;
  const spell = FLOOD_SPELL_SECONDS * 1000;
  const rounds = Math.max(1, Math.floor(options.ms / (window + spell)));
  const turns: FloodAnswer[][] = [];
  for (let round = 0; round < rounds; round++) {
    options.setPhase("flood: off");
    await new Promise((resolve) => setTimeout(resolve, window));
    options.setPhase("flood: on");
    const turn: FloodAnswer[] = [];
    await flood(options.base, token, scheduleId, spell, turn);
    turns.push(turn);
    answers.push(...turn);
  }
  // Each turn's checks fall in one window of the shared counters: the window its first check
  // opens (the one before it ended during the quiet spell) outlasts the turn and its answers.
  // What one turn got admitted across the three servers is what one window admitted.
  const mostInOneWindow = Math.max(...turns.map((turn) => turn.filter((a) => a.status === 200).length * FLOOD_COST));
  const outcome: FloodOutcome = {
    sent: answers.length,
    admitted: answers.filter((a) => a.status === 200).length,
    limited: answers.filter((a) => a.status === 429 && a.code === "RATE_LIMITED").length,
    other: answers.filter((a) => a.status !== 200 && !(a.status === 429 && a.code === "RATE_LIMITED")).length,
    mostInOneWindow,
  };
  const onSeconds = rounds * FLOOD_SPELL_SECONDS;
  const lines = [
    `flood: tenant "${FLOOD_ORG}" asked ${(outcome.sent * FLOOD_COST).toLocaleString("en")} of cost in ${rounds} turns of ${FLOOD_SPELL_SECONDS} s (${((outcome.sent * FLOOD_COST) / ((FLOOD_BUDGET * onSeconds) / FLOOD_WINDOW_SECONDS)).toFixed(1)}× the rate of its budget of ${FLOOD_BUDGET.toLocaleString("en")} per ${FLOOD_WINDOW_SECONDS} s): ${outcome.sent} requests, ${outcome.admitted} admitted, ${outcome.limited} RATE_LIMITED, ${outcome.other} other`,
    `flood: most admitted in one window across the three servers ${outcome.mostInOneWindow.toLocaleString("en")} (budget ${FLOOD_BUDGET.toLocaleString("en")}, one request ${FLOOD_COST.toLocaleString("en")})`,
  ];
  return { ...outcome, lines };
}

/** The other tenants' p99 in the quiet spells and under the flood, and how much the second moved. */
/**
 * How far the ratio of the two p99s moves by chance: both phases resampled with replacement
 * (seeded, so a run prints the same figures for the same samples), the middle 95 % of the ratios.
 * With a thousand requests a phase, the p99 is decided by its ten slowest: a wide interval says
 * one run's figure is noise, not a change.
 */
function p99RatioInterval(off: number[], on: number[], rounds = 2000): [number, number] {
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const resampledP99 = (times: number[]) => {
    const drawn = Array.from(times, () => times[Math.floor(random() * times.length)]).sort((a, b) => a - b);
    return drawn[Math.min(drawn.length - 1, Math.floor(0.99 * drawn.length))];
  };
  const ratios = Array.from({ length: rounds }, () => resampledP99(on) / resampledP99(off)).sort((a, b) => a - b);
  return [ratios[Math.floor(0.025 * rounds)], ratios[Math.floor(0.975 * rounds)]];
}

export function floodP99Line(samples: { phase: string; op: string; ms: number }[]): { line: string; ratio: number; byOperation: string[] } {
  const p99 = (phase: string) => {
    const times = samples.filter((s) => s.phase === phase).map((s) => s.ms).sort((a, b) => a - b);
    return { value: times[Math.min(times.length - 1, Math.floor(0.99 * times.length))] ?? NaN, count: times.length, times };
  };
  const off = p99("flood: off");
  const on = p99("flood: on");
  const ratio = on.value / off.value;
  const [low, high] = off.count && on.count ? p99RatioInterval(off.times, on.times) : [NaN, NaN];
  const percent = (r: number) => `${((r - 1) * 100).toFixed(1)} %`;
  // Which operations the tail is made of, with and without the flood: where a larger p99 comes from.
  const ops = [...new Set(samples.filter((s) => s.phase.startsWith("flood")).map((s) => s.op))].sort();
  const timesOf = (phase: string, op: string) => samples.filter((s) => s.phase === phase && s.op === op).map((s) => s.ms).sort((a, b) => a - b);
  const q = (times: number[], p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(0) : "-");
  const column = (phase: string, op: string, threshold: number) => {
    const times = timesOf(phase, op);
    const inTail = times.filter((ms) => ms >= threshold).length;
    return `${String(times.length).padStart(5)} p50 ${q(times, 0.5).padStart(4)} p99 ${q(times, 0.99).padStart(5)} (${inTail} at or over the phase's p99)`;
  };
  const byOperation = ops.map((op) => `flood:   ${op.padEnd(30)} off ${column("flood: off", op, off.value)}   on ${column("flood: on", op, on.value)}`);
  return { byOperation, line: `flood: other tenants' p99 ${off.value.toFixed(0)} ms without the flood (${off.count} requests), ${on.value.toFixed(0)} ms with it (${on.count} requests): ${percent(ratio)} (95 % interval by resampling the requests: ${percent(low)} to ${percent(high)})`, ratio };
}
