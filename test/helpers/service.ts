// A real service for the tests of a file: HTTP on a free port, a fresh database (PGlite in memory,
// or a new database on the server named by DATABASE_URL), migrations applied. Tests talk GraphQL
// to it. Files that ask for the default configuration share one service, started once by
// test/global-setup.ts (opening PGlite costs each service about 2 s); organizations keep their
// tests apart (orgClient). A file with settings of its own, or that reaches into the service
// (its database handle, in-process counters, fake clocks), starts its own.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import type { Config } from "../../src/config.js";
import type { Service } from "../../src/main.js";
import { signToken } from "../../src/server/identity/tokens.js";
import type { Role } from "../../src/common/auth.js";
import { freshDatabase, TEST_SECRET, testConfig } from "./shared-service.js";

export { freshDatabase, TEST_SECRET } from "./shared-service.js";

export interface TestService {
  service: Service;
  url: string;
  databaseUrl: string | undefined;
  token(orgs: string[] | string, role?: Role, sub?: string): Promise<string>;
  /** A GraphQL client acting with the given token (none = anonymous). */
  client(token?: string): GraphQLClient;
}

export interface GraphQLError {
  message: string;
  path?: string[];
  extensions: Record<string, any> & { code: string };
}

export interface GraphQLResult<T = any> {
  data?: T;
  errors?: GraphQLError[];
  status: number;
}

export interface GraphQLClient {
  request<T = any>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResult<T>>;
  /** As request, failing the test when the answer carries errors. */
  data<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** As request, expecting an error; answers the first one. */
  error(query: string, variables?: Record<string, unknown>): Promise<GraphQLError>;
}

export function makeClient(url: string, token?: string): GraphQLClient {
  const request = async (query: string, variables?: Record<string, unknown>) => {
    const response = await fetch(url + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as GraphQLResult;
    return { ...body, status: response.status };
  };
  return {
    request,
    async data(query, variables) {
      const result = await request(query, variables);
      if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors, null, 1)}`);
      return result.data as any;
    },
    async error(query, variables) {
      const result = await request(query, variables);
      if (!result.errors?.length) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
      return result.errors[0];
    },
  };
}

/**
 * The service of the calling test file: the shared one when no setting is overridden, else a
 * service of its own (useOwnTestService).
 */
export function useTestService(overrides: Partial<Config> = {}): TestService {
  return Object.keys(overrides).length === 0 ? sharedTestService() : useOwnTestService(overrides);
}

/** The service started by test/global-setup.ts, in another process: reached over HTTP only. */
function sharedTestService(): TestService {
  const { url, secret, databaseUrl } = inject("sharedService");
  return {
    get service(): Service {
      throw new Error("this file shares the test run's service, which runs in another process: call useOwnTestService() to reach its internals");
    },
    url,
    databaseUrl,
    token: (orgs, role = "editor", sub = "tester") => signToken(secret, { sub, orgs: Array.isArray(orgs) ? orgs : [orgs], role }),
    client: (token) => makeClient(url, token),
  };
}

/** Starts a service for the calling test file alone (beforeAll) and stops it afterwards. */
export function useOwnTestService(overrides: Partial<Config> = {}): TestService {
  const holder = {} as TestService & { drop?: () => Promise<void> };
  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const db = await freshDatabase(process.env.DATABASE_URL);
      databaseUrl = db.url;
      holder.drop = db.drop;
    }
    // Imported here: a file of the shared service never loads the service's code.
    const { startService } = await import("../../src/main.js");
    const service = await startService(testConfig(databaseUrl, overrides), { quiet: true });
    holder.service = service;
    holder.url = `http://127.0.0.1:${service.port}`;
    holder.databaseUrl = databaseUrl;
    holder.token = (orgs, role = "editor", sub = "tester") =>
      signToken(TEST_SECRET, { sub, orgs: Array.isArray(orgs) ? orgs : [orgs], role });
    holder.client = (token) => makeClient(holder.url, token);
  });
  afterAll(async () => {
    await holder.service?.stop();
    await holder.drop?.();
  });
  return holder;
}

/** A fresh organization id, so tests in one file never see each other's rows. */
export function uniqueOrg(prefix = "org"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** An editor client of a fresh organization. */
export async function orgClient(t: TestService, role: Role = "editor"): Promise<{ org: string; gql: GraphQLClient }> {
  const org = uniqueOrg();
  return { org, gql: t.client(await t.token(org, role)) };
}
