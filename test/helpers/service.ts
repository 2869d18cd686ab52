// A real service per test file: HTTP on a free port, a fresh database (PGlite in memory, or a new
// database on the server named by DATABASE_URL), migrations applied. Tests talk GraphQL to it.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, type Config } from "../../src/config.js";
import { startService, type Service } from "../../src/main.js";
import { signToken } from "../../src/server/tokens.js";
import type { Role } from "../../src/common/auth.js";

export const TEST_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

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

export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pgw_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const conn = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await conn.unsafe(`drop database if exists ${name} with (force)`);
      await conn.end();
    },
  };
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

/** Starts one service for the calling test file (beforeAll) and stops it afterwards. */
export function useTestService(overrides: Partial<Config> = {}): TestService {
  const holder = {} as TestService & { drop?: () => Promise<void> };
  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const db = await freshDatabase(process.env.DATABASE_URL);
      databaseUrl = db.url;
      holder.drop = db.drop;
    }
    const config: Config = {
      ...loadConfig({}),
      port: 0,
      host: "127.0.0.1",
      databaseUrl,
      dataDir: "memory://",
      authSecret: TEST_SECRET,
      logLevel: "silent",
      seedDemo: false,
      runWorker: false,
      ...overrides,
    };
    const service = await startService(config, { quiet: true });
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
