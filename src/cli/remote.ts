// Commands that act on a running service (import, export, jobs) talk GraphQL and HTTP to it, so
// that they go through the same services, checks and worker as every other client.
import type { Config } from "../config.js";
import { embeddedSecret, signToken } from "../server/tokens.js";

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3, unreachable: 4 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const REFUSED = new Set(["BAD_USER_INPUT", "PAYLOAD_TOO_LARGE", "NOT_FOUND", "FORBIDDEN", "UNAUTHENTICATED", "CONFLICT", "GRAPHQL_VALIDATION_FAILED"]);

export interface Client {
  url: string;
  headers: Record<string, string>;
}

export class Progress {
  private last = -1;
  constructor(
    private readonly quiet: boolean,
    private readonly tty = !!process.stderr.isTTY,
  ) {}

  show(label: string, percent: number): void {
    if (this.quiet) return;
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (this.tty) {
      const width = 30;
      const filled = Math.round((p / 100) * width);
      process.stderr.write(`\r${label.padEnd(12)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(p).padStart(3)}%`);
    } else if (p === 100 || p >= this.last + 10 || this.last < 0) {
      process.stderr.write(`${label} ${p}%\n`);
    } else return;
    this.last = p;
  }

  done(): void {
    if (!this.quiet && this.tty) process.stderr.write("\n");
    this.last = -1;
  }
}

export async function clientOf(values: { url?: string; token?: string; org?: string }, config: Config): Promise<Client> {
  const url = (values.url ?? `http://localhost:${config.port}`).replace(/\/$/, "");
  const secret = config.authSecret ?? embeddedSecret(config.dataDir);
  const token = values.token ?? (await signToken(secret, { sub: "cli", orgs: [values.org ?? "*"], role: "editor" }, "1h"));
  return { url, headers: { authorization: `Bearer ${token}` } };
}

export async function send(client: Client, path: string, init: RequestInit & { duplex?: "half" }): Promise<Response> {
  try {
    return await fetch(client.url + path, { ...init, headers: { ...client.headers, ...(init.headers as Record<string, string>) } });
  } catch (error) {
    throw new CliError(`Cannot reach the service at ${client.url}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`, EXIT.unreachable);
  }
}

export async function answer(response: Response): Promise<any> {
  const text = await response.text();
  let body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = JSON.parse(text);
  } catch {
    throw new CliError(`The service answered HTTP ${response.status}: ${text.slice(0, 200)}`, response.status === 401 || response.status === 413 ? EXIT.refused : EXIT.failed);
  }
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? "ERROR";
    throw new CliError(`${code}: ${error.message}`, REFUSED.has(code) ? EXIT.refused : EXIT.failed);
  }
  return body.data;
}

export async function graphql(client: Client, query: string, variables: Record<string, unknown>): Promise<any> {
  return answer(await send(client, "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) }));
}

/** Runs a command, turning its CliError (and bad options) into a message and an exit code. */
export async function guarded(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`${error.message}\n`);
      return error.code;
    }
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      process.stderr.write(`${(error as Error).message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
