// The classes of bench/attack.ts that a budget must hold whatever the body holds: the anonymous
// gzip bomb (3.2 million `{}` in ~10 KB) and its neighbours, 100,000 ids, a NUL in an upload's
// file name, an fps of 1e-300. Per class it prints the server's CPU per refused request (sent one
// after another, the server's own utime + stime from /proc), then sends 12 at once for a while
// and prints the worst and p99 latency of /healthz and of another tenant's job poll meanwhile.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

export interface BudgetClass {
  label: string;
  /** Sends one attack; answers the code the service gave. */
  send(): Promise<string>;
}

interface Target {
  base: string;
  token: string;
  scheduleId: string;
  post(body: unknown, auth?: string | null, headers?: Record<string, string>): Promise<{ status: number; code: string }>;
}

/** The server process's CPU so far (user + system), ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of stat; after the ")" split, 12 and 13 (0-based 11, 12).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const bombText = (item: string, count: number) => `{"query":"query($x:[Int]){__typename}","variables":{"x":[${`${item},`.repeat(count - 1)}${item}]}}`;

export function budgetClasses(target: Target): BudgetClass[] {
  const { post, token, base, scheduleId } = target;
  const bomb = gzipSync(bombText("{}", 3_200_000), { level: 9 });
  const integers = gzipSync(bombText("0", 4_900_000), { level: 9 });
  // Bodies built once, as bytes: the client's own work per request stays a socket write.
  const plainIntegers = Buffer.from(bombText("0", 4_900_000));
  const ids = Buffer.from(JSON.stringify({ query: `mutation($ids: [ID!]!) { deleteSchedules(ids: $ids) { id } }`, variables: { ids: Array.from({ length: 100_000 }, (_, i) => String(i + 1)) } }));
  const gzipped = { "content-encoding": "gzip" };
  return [
    { label: "anonymous gzip bomb (3.2M {})", send: async () => (await post(bomb, null, gzipped)).code },
    { label: "anonymous gzip of 4.9M integers", send: async () => (await post(integers, null, gzipped)).code },
    { label: "gzip bomb with a token", send: async () => (await post(bomb, token, gzipped)).code },
    { label: "4.9M integers with a token (9.8 MB)", send: async () => (await post(plainIntegers, token)).code },
    { label: "100,000 ids to deleteSchedules", send: async () => (await post(ids, token)).code },
    {
      label: "fps 1e-300",
      send: async () => (await post({ query: `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, variables: { id: scheduleId, input: { fps: 1e-300 } } }, token)).code,
    },
    { label: "NUL in an upload's file name", send: () => uploadWithNul(base, token) },
  ];
}

/** importSchedule as multipart whose file part names `evil\0.csv`. */
async function uploadWithNul(base: string, token: string): Promise<string> {
  const boundary = "----attack";
  const operations = JSON.stringify({ query: "mutation($file: Upload!) { importSchedule(file: $file) { id } }", variables: { file: null } });
  const body = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="evil\0.csv"\r\nContent-Type: text/csv\r\n\r\ntitle,duration\r\nA,1000\r\n`,
      `--${boundary}--\r\n`,
    ].join(""),
  );
  try {
    const response = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, "apollo-require-preflight": "true" },
      body,
    });
    const answer = (await response.json().catch(() => ({}))) as { errors?: { extensions?: { code?: string } }[] };
    return answer.errors?.[0]?.extensions?.code ?? (response.ok ? "OK" : `HTTP_${response.status}`);
  } catch {
    return "REFUSED";
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] : 0;
};

/**
 * One class: CPU per request over `sequential` requests sent one after another, then `concurrent`
 * at once, again and again for `seconds`, while /healthz and the job poll are timed every 50 ms.
 */
export async function measureBudgetClass(
  attack: BudgetClass,
  options: { pid: number; base: string; poll: () => Promise<unknown>; sequential: number; concurrent: number; seconds: number },
): Promise<{ row: string; codes: Map<string, number>; worstMs: number }> {
  const codes = new Map<string, number>();
  const count = (code: string) => codes.set(code, (codes.get(code) ?? 0) + 1);
  const before = cpuMs(options.pid);
  for (let i = 0; i < options.sequential; i++) count(await attack.send());
  const cpuPerRequest = (cpuMs(options.pid) - before) / options.sequential;

  const health: number[] = [];
  const polls: number[] = [];
  const end = Date.now() + options.seconds * 1000;
  const timed = async (into: number[], call: () => Promise<unknown>) => {
    const started = performance.now();
    await call().catch(() => null);
    into.push(performance.now() - started);
  };
  const probe = (async () => {
    while (Date.now() < end) {
      await Promise.all([timed(health, () => fetch(`${options.base}/healthz`).then((r) => r.text())), timed(polls, options.poll)]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const attackers = Array.from({ length: options.concurrent }, async () => {
    while (Date.now() < end) count(await attack.send());
  });
  await Promise.all([probe, ...attackers]);
  const worstMs = Math.max(...health, ...polls);
  const answers = [...codes].map(([code, n]) => `${code} ${n}`).join(", ");
  const row =
    `${attack.label.padEnd(38)} CPU/request ${cpuPerRequest.toFixed(1).padStart(7)} ms  ` +
    `${options.concurrent} at once: /healthz p99 ${quantile(health, 0.99).toFixed(0).padStart(4)} max ${Math.max(...health).toFixed(0).padStart(4)} ms, ` +
    `job poll p99 ${quantile(polls, 0.99).toFixed(0).padStart(4)} max ${Math.max(...polls).toFixed(0).padStart(4)} ms  answers: ${answers}`;
  return { row, codes, worstMs };
}
