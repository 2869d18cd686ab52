// Commands that act on a running service (jobs, import, export) talk GraphQL over HTTP to it, so
// that they go through the same services, checks and worker as every other client.
import type { Config } from "../config.js";
import { embeddedSecret, signToken } from "../server/tokens.js";

export class RemoteError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface Remote {
  url: string;
  request<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** GET of a path on the service with the same token (job files). */
  download(path: string): Promise<Response>;
}

export interface RemoteOptions {
  url?: string;
  token?: string;
  org?: string;
}

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 3, rejected: 4 } as const;

export async function connectRemote(config: Config, options: RemoteOptions): Promise<Remote> {
  const url = (options.url ?? process.env.PLAYOUT_GATEWAY_URL ?? `http://localhost:${config.port}`).replace(/\/$/, "");
  let token = options.token ?? process.env.PLAYOUT_GATEWAY_TOKEN;
  if (!token) {
    // Without a token, sign one with the local secret: works against the embedded default and
    // against a server whose AUTH_SECRET this shell shares.
    const secret = config.authSecret ?? embeddedSecret(config.dataDir);
    token = await signToken(secret, { sub: "cli", orgs: [options.org ?? "*"], role: "editor" }, "1h");
  }
  const headers = { authorization: `Bearer ${token}` };
  const fetchOrExplain = async (path: string, init?: RequestInit) => {
    try {
      return await fetch(url + path, { ...init, headers: { ...headers, ...init?.headers } });
    } catch (error) {
      throw new RemoteError(`Cannot reach the service at ${url} (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}); start it with \`npm start\` or pass --url`, EXIT.unreachable);
    }
  };
  return {
    url,
    async request(query, variables) {
      const response = await fetchOrExplain("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json().catch(() => null)) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } | null;
      if (!body) throw new RemoteError(`The service at ${url} answered HTTP ${response.status} without GraphQL`, EXIT.unreachable);
      if (body.errors?.length) {
        const [first] = body.errors;
        throw new RemoteError(`${first.extensions?.code ?? "ERROR"}: ${first.message}`, EXIT.rejected);
      }
      return body.data;
    },
    download: (path) => fetchOrExplain(path),
  };
}
