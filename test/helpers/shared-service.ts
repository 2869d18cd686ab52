// What every test service starts from, and the one service that the test files asking for the
// default configuration share. This module runs in vitest's global setup as well as in test
// files, so it imports nothing of vitest's test runtime.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { loadConfig, type Config } from "../../src/config.js";

export const TEST_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

/** The origins every test service lets call it (CORS_ORIGINS), as a frontend's dev server and portal would. */
export const TEST_CORS_ORIGINS = ["http://localhost:5173", "https://portal.example.com"];

/** What global setup hands every test file (`inject("sharedService")`). */
export interface SharedServiceInfo {
  url: string;
  secret: string;
  databaseUrl: string | undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedService: SharedServiceInfo;
  }
}

/** The configuration of a test service: a free port, silent, no demo, no worker, two CORS origins, unless overridden. */
export function testConfig(databaseUrl: string | undefined, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    port: 0,
    host: "127.0.0.1",
    databaseUrl,
    dataDir: "memory://",
    // The migrated template vitest.config.ts names: a service starts in 1–3 s instead of 4–13.
    pgliteTemplateDir: process.env.PGLITE_TEMPLATE_DIR,
    authSecret: TEST_SECRET,
    logLevel: "silent",
    seedDemo: false,
    runWorker: false,
    corsOrigins: TEST_CORS_ORIGINS,
    // The whole suite acts as one subject ("tester") from one address: the rate limits are off
    // unless a file sets its budgets (test/server/rate-limits*.test.ts).
    rateLimitSubjectPoints: 0,
    rateLimitOrganizationPoints: 0,
    rateLimitIpPoints: 0,
    ...overrides,
  };
}

/** A new, empty database on the PostgreSQL server of `baseUrl`, and how to drop it. */
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

const CHILD = fileURLToPath(new URL("./shared-service-child.ts", import.meta.url));

/**
 * Starts the shared service in a process of its own (test/helpers/shared-service-child.ts): a
 * fresh database on the server of DATABASE_URL, else PGlite in memory. A process rather than
 * vitest's own, so that PGlite's statements (which block their event loop) never hold up vitest.
 */
export async function startSharedService(baseUrl: string | undefined): Promise<{ info: SharedServiceInfo; stop(): Promise<void> }> {
  const database = baseUrl ? await freshDatabase(baseUrl) : undefined;
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    env: { ...process.env, TEST_SHARED_DATABASE_URL: database?.url ?? "" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /^ready (\d+)$/m.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    void exited.then((code) => reject(new Error(`the shared test service exited with ${code} before it was ready:\n${out}`)));
  });
  return {
    info: { url: `http://127.0.0.1:${port}`, secret: TEST_SECRET, databaseUrl: database?.url },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await database?.drop();
    },
  };
}
