// The rehearsal's flood: one tenant of its own sends requests costing 20 times its organization's
// rate budget (FLOOD_BUDGET per FLOOD_WINDOW_SECONDS, set on every server: topology.ts) through
// the balancer, in turns with quiet spells of the same length, while the rest of the load goes
// on. It reports what the flooder got (admitted, RATE_LIMITED, the most admitted in one window of
// the counters every server shares) and the other tenants' p99 with and without the flood.
import { signToken } from "../../src/server/identity/tokens.js";

/** The budgets every server of the rehearsal runs with (topology.ts hands them over as settings). */
export const FLOOD_WINDOW_SECONDS = 10;
export const FLOOD_BUDGET = 20_000;
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

/** Sends the flood for `ms` at 20 times the budget's rate (catching up when the timer runs late); notes each answer by when it was sent. */
async function flood(base: string, token: string, scheduleId: string, ms: number, answers: FloodAnswer[]): Promise<void> {
  const perSecond = (OVER * FLOOD_BUDGET) / FLOOD_WINDOW_SECONDS / FLOOD_COST;
  const pending: Promise<void>[] = [];
  const began = Date.now();
  let sent = 0;
  const send = () => {
    const at = Date.now();
    pending.push(
      fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query: FLOOD_QUERY, variables: { id: scheduleId } }), signal: AbortSignal.timeout(30_000) }).then(
        async (response) => {
          const body: any = await response.json().catch(() => null);
          answers.push({ at, status: response.status, code: body?.errors?.[0]?.extensions?.code });
        },
        () => void answers.push({ at, status: 0 }),
      ),
    );
  };
  const ticker = setInterval(() => {
    const due = Math.floor((Math.min(Date.now() - began, ms) / 1000) * perSecond);
    for (; sent < due; sent++) send();
  }, 1000 / perSecond);
  await new Promise((resolve) => setTimeout(resolve, ms));
  clearInterval(ticker);
  for (const due = Math.floor((ms / 1000) * perSecond); sent < due; sent++) send();
  await Promise.all(pending);
}

/**
 * The flood phase: `rounds` turns of a quiet spell ("flood: off") then the flood ("flood: on"),
 * each a window long, so that both see the same machine. `setPhase` names the other tenants' samples.
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
  const spell = FLOOD_WINDOW_SECONDS * 1000;
  const rounds = Math.max(1, Math.floor(options.ms / (2 * spell)));
  for (let round = 0; round < rounds; round++) {
    options.setPhase("flood: off");
    await new Promise((resolve) => setTimeout(resolve, spell));
    options.setPhase("flood: on");
    await flood(options.base, token, scheduleId, spell, answers);
  }
  // Windows of the shared counters: each begins with the first admitted request after the last one
  // ended (by when they were sent: a slow answer belongs to the window it was checked in).
  let mostInOneWindow = 0;
  let windowEnds = 0;
  let inWindow = 0;
  for (const answer of answers.filter((a) => a.status === 200).sort((a, b) => a.at - b.at)) {
    if (answer.at >= windowEnds) {
      windowEnds = answer.at + spell;
      inWindow = 0;
    }
    inWindow += FLOOD_COST;
    mostInOneWindow = Math.max(mostInOneWindow, inWindow);
  }
  const outcome: FloodOutcome = {
    sent: answers.length,
    admitted: answers.filter((a) => a.status === 200).length,
    limited: answers.filter((a) => a.status === 429 && a.code === "RATE_LIMITED").length,
    other: answers.filter((a) => a.status !== 200 && !(a.status === 429 && a.code === "RATE_LIMITED")).length,
    mostInOneWindow,
  };
  const onSeconds = rounds * FLOOD_WINDOW_SECONDS;
  const lines = [
    `flood: tenant "${FLOOD_ORG}" asked ${(outcome.sent * FLOOD_COST).toLocaleString("en")} of cost in ${onSeconds} s (${((outcome.sent * FLOOD_COST) / ((FLOOD_BUDGET * onSeconds) / FLOOD_WINDOW_SECONDS)).toFixed(1)}× its budget of ${FLOOD_BUDGET.toLocaleString("en")} per ${FLOOD_WINDOW_SECONDS} s): ${outcome.sent} requests, ${outcome.admitted} admitted, ${outcome.limited} RATE_LIMITED, ${outcome.other} other`,
    `flood: most admitted in one window across the three servers ${outcome.mostInOneWindow.toLocaleString("en")} (budget ${FLOOD_BUDGET.toLocaleString("en")}, one request ${FLOOD_COST.toLocaleString("en")})`,
  ];
  return { ...outcome, lines };
}

/** The other tenants' p99 in the quiet spells and under the flood, and how much the second moved. */
export function floodP99Line(samples: { phase: string; ms: number }[]): { line: string; ratio: number } {
  const p99 = (phase: string) => {
    const times = samples.filter((s) => s.phase === phase).map((s) => s.ms).sort((a, b) => a - b);
    return { value: times[Math.min(times.length - 1, Math.floor(0.99 * times.length))] ?? NaN, count: times.length };
  };
  const off = p99("flood: off");
  const on = p99("flood: on");
  const ratio = on.value / off.value;
  return { line: `flood: other tenants' p99 ${off.value.toFixed(0)} ms without the flood (${off.count} requests), ${on.value.toFixed(0)} ms with it (${on.count} requests): ${((ratio - 1) * 100).toFixed(1)} %`, ratio };
}
