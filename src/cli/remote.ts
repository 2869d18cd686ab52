// Commands that act on a running service (import, export, jobs) talk GraphQL and HTTP to it, so
// that they go through the same services, checks and worker as every other client.
import type { Config } from "../config.js";
import type { Role } from "../common/auth.js";
import { DEMO_ORGANIZATION } from "../seed/index.js";
import { embeddedSecret, signToken } from "../server/index.js";
import { badOptionMessage } from "./fatal-errors.js";
import type { CliIo } from "./io.js";

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3, unreachable: 4 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** The service may answer again soon (restarting, connection lost): worth asking again. */
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** How long a command keeps asking about a job while the service does not answer (restart, deploy). */
export const RECONNECT_PATIENCE_MS = 60_000;

const REFUSED = new Set(["BAD_USER_INPUT", "PAYLOAD_TOO_LARGE", "NOT_FOUND", "FORBIDDEN", "UNAUTHENTICATED", "CONFLICT", "GRAPHQL_VALIDATION_FAILED"]);

export interface Client {
  url: string;
  headers: Record<string, string>;
}

/** Where progress and warnings go: the command's stderr. */
type Stderr = CliIo["stderr"];

export class Progress {
  private last = -1;
  private readonly tty: boolean;
  constructor(
    private readonly quiet: boolean,
    private readonly stderr: Stderr,
  ) {
    this.tty = !!stderr.isTTY;
  }

  show(label: string, percent: number): void {
    if (this.quiet) return;
    const p = Math.max(0, Math.min(100, Math.floor(percent)));
    if (this.tty) {
      const width = 30;
      const filled = Math.round((p / 100) * width);
      this.stderr.write(`\r${label.padEnd(12)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(p).padStart(3)}%`);
    } else if (p === 100 || p >= this.last + 10 || this.last < 0) {
      this.stderr.write(`${label} ${p}%\n`);
    } else return;
    this.last = p;
  }

  done(): void {
    if (!this.quiet && this.tty) this.stderr.write("\n");
    this.last = -1;
  }
}

/**
 * The service and the token a command acts with. Without --token it signs one with the local
 * secret: for --org, else for the demo organization on the embedded default (where the demo
 * lives), else for every organization (then calls that need one ask for --org).
 */
/** `role`: the role of the token signed here when none is given (as-run import signs a playout token). */
export async function clientOf(values: { url?: string; token?: string; org?: string }, config: Config, role: Role = "editor"): Promise<Client> {
  const url = (values.url ?? `http://localhost:${config.port}`).replace(/\/$/, "");
  if (!/^https?:\/\/[^/]/.test(url)) throw new CliError(`--url must be an http:// or https:// address (got ${url})`, EXIT.usage);
  if (values.token !== undefined && values.token.trim() === "") throw new CliError("--token must not be empty", EXIT.usage);
  if (values.org !== undefined && values.org.trim() === "") throw new CliError("--org must name an organization", EXIT.usage);
  if (values.token === undefined && !config.authSecret && config.databaseUrl) {
    throw new CliError("--token is required: without AUTH_SECRET there is no secret to sign one with (use a token of the service's identity provider)", EXIT.usage);
  }
  const secret = config.authSecret ?? embeddedSecret(config.dataDir);
  const org = values.org ?? (config.authSecret ? "*" : DEMO_ORGANIZATION);
  const token = values.token ?? (await signToken(secret, { sub: "cli", orgs: [org], role }, "1h"));
  return { url, headers: { authorization: `Bearer ${token}` } };
}

/**
 * import and export act in one organization: without --token and --org, with AUTH_SECRET set, the
 * token signed here would act for every organization and the service would refuse it only after
 * the upload. Said before anything is sent.
 */
export function requireOneOrganization(command: string, values: { token?: string; org?: string }, config: Config): void {
  if (values.token === undefined && values.org === undefined && config.authSecret) {
    throw new CliError(`${command}: with AUTH_SECRET set the command signs a token for every organization: name the one to act in with --org ORG`, EXIT.usage);
  }
}

/** `path` is a path of the service, or an absolute URL it answered (a job's resourceLink). */
export async function send(client: Client, path: string, init: RequestInit & { duplex?: "half" }): Promise<Response> {
  try {
    return await fetch(/^https?:\/\//i.test(path) ? path : client.url + path, { ...init, headers: { ...client.headers, ...(init.headers as Record<string, string>) } });
  } catch (error) {
    throw new CliError(`Cannot reach the service at ${client.url}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`, EXIT.unreachable, true);
  }
}

/** The server speaks of its GraphQL argument; a person at the command line names it with --org. */
const inCliTerms = (message: string) => message.replace("name one with the organization argument", "name one with --org ORG");

export async function answer(response: Response): Promise<any> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new CliError(`The connection to the service was lost: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}`, EXIT.unreachable, true);
  }
  let body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = JSON.parse(text);
  } catch {
    const restarting = response.status === 502 || response.status === 503 || response.status === 504;
    throw new CliError(`The service answered HTTP ${response.status}: ${text.slice(0, 200)}`, response.status === 401 || response.status === 413 ? EXIT.refused : EXIT.failed, restarting);
  }
  const error = body.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? "ERROR";
    throw new CliError(`${code}: ${inCliTerms(error.message)}`, REFUSED.has(code) ? EXIT.refused : EXIT.failed, code === "SERVICE_UNAVAILABLE");
  }
  return body.data;
}

export async function graphql(client: Client, query: string, variables: Record<string, unknown>): Promise<any> {
  return answer(await send(client, "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query, variables }) }));
}

/**
 * As graphql, asking again while the service cannot answer (a restart, a lost connection), with
 * growing pauses, for at most `patienceMs` in a row; a job goes on in the service meanwhile. Says
 * so on `stderr`.
 */
export async function graphqlPatiently(client: Client, query: string, variables: Record<string, unknown>, stderr: Stderr, patienceMs = RECONNECT_PATIENCE_MS): Promise<any> {
  let since: number | undefined;
  let pause = 250;
  for (;;) {
    try {
      const data = await graphql(client, query, variables);
      if (since !== undefined) stderr.write("the service answers again\n");
      return data;
    } catch (error) {
      if (!(error instanceof CliError) || !error.retryable) throw error;
      if (since === undefined) {
        since = Date.now();
        stderr.write(`${error.message}; asking again for up to ${Math.round(patienceMs / 1000)} s\n`);
      } else if (Date.now() - since >= patienceMs) {
        throw new CliError(`${error.message} (still, after ${Math.round(patienceMs / 1000)} s of asking again)`, error.code);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 5000);
    }
  }
}

/** Runs a command, turning its CliError (and bad options) into a message on `stderr` and an exit code. */
export async function guarded(stderr: Stderr, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CliError) {
      stderr.write(`${error.message}\n`);
      return error.code;
    }
    if ((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      stderr.write(`${badOptionMessage(error as Error)}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
