// What every mode of the peer benchmark shares (run.ts: Q1–Q5; shapes-run.ts: generated shapes;
// writes.ts: the write path): printing, medians, the token secret, and installing the peers.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

/** The secret the service processes verify bearer tokens with (AUTH_SECRET). */
export const SECRET = "peers-bench-secret-0123456789abcdef0123456789";

export const out = (line = "") => process.stdout.write(line + "\n");
export const f2 = (n: number) => n.toFixed(2);

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const machineLine = () =>
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, Node ${process.version}`;

/** The value of `--name=value` or `--name value`. */
export function option(name: string): string | undefined {
  const args = process.argv;
  const joined = args.find((a) => a.startsWith(`--${name}=`));
  if (joined) return joined.slice(name.length + 3);
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] && !args[at + 1].startsWith("--") ? args[at + 1] : undefined;
}

/** PostGraphile and pg live in bench/peers/package.json (PostGraphile needs Node 22; the root install stays quiet): installed here on first use. */
export function ensurePeersInstalled(): void {
  const dir = fileURLToPath(new URL(".", import.meta.url));
  if (existsSync(`${dir}node_modules/postgraphile/package.json`)) return;
  out("installing the peers (npm install --prefix bench/peers; EBADENGINE warnings on Node 20 are expected)…");
  execFileSync("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund"], { stdio: ["ignore", "inherit", "inherit"] });
}

/** POSTs a GraphQL operation; answers `data`, or throws with the errors' text. */
export async function graphql(port: number, query: string, token?: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  let body: { data?: unknown; errors?: unknown[] };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`);
  }
  if (!response.ok || body.errors) throw new Error(`HTTP ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 1000)}`);
  return body.data;
}

export const oneLine = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/** Where two answers first differ (a path and both values), or null when they are equal. */
export function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as any)[key], (b as any)[key], `${path}.${key}`);
      if (d) return d;
    }
  }
  return `${path || "(root)"}: ${oneLine(JSON.stringify(a) ?? "undefined", 160)} ≠ ${oneLine(JSON.stringify(b) ?? "undefined", 160)}`;
}

/**
 * Seconds of unmeasured load on every server before the first round (PEERS_WARMUP_SECONDS; 0: none):
 * every process starts cold (V8 has compiled nothing hot, no plan is cached), and a first round
 * that pays for that is not what a running server answers at.
 */
export function warmUpSeconds(fallback: number): number {
  const seconds = Number(process.env.PEERS_WARMUP_SECONDS ?? fallback);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
