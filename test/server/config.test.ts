import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

describe("configuration", () => {
  it("has working defaults for the embedded database", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 4000, databaseUrl: undefined, dataDir: "./data", authSecret: undefined, logLevel: "info", maxPageSize: 1000, seedDemo: true, runWorker: true });
  });

  it.each([
    [{ PORT: "abc" }, /PORT=abc must be a whole number/],
    [{ PORT: "70000" }, /PORT=70000/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL must start with postgres/],
    [{ DATABASE_URL: "postgres://x/db" }, /AUTH_SECRET is required when DATABASE_URL is set/],
    [{ AUTH_SECRET: "short" }, /AUTH_SECRET must be at least 32 characters/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL must be one of/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO=maybe must be true or false/],
    [{ MAX_PAGE_SIZE: "0" }, /MAX_PAGE_SIZE=0/],
    [{ DB_POOL_MODE: "statement" }, /DB_POOL_MODE must be session or transaction/],
    [{ DATABASE_READ_URL: "postgres://replica/db" }, /DATABASE_READ_URL needs DATABASE_URL/],
    [{ DATABASE_URL: "postgres://x/db", AUTH_SECRET: "s".repeat(32), DATABASE_READ_URL: "mysql://replica" }, /DATABASE_READ_URL and DATABASE_MIGRATION_URL take postgres:\/\/ URLs/],
    [{ READ_REPLICA_QUERIES: "some" }, /READ_REPLICA_QUERIES must be reports or all/],
  ])("rejects %j with a message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reads the pooler and replica settings: prepared statements off by default behind a transaction pooler", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://pool/db", AUTH_SECRET: "s".repeat(32), DB_POOL_MODE: "transaction", DATABASE_READ_URL: "postgres://r1/db, postgres://r2/db", READ_REPLICA_QUERIES: "all" });
    expect(config).toMatchObject({ dbPoolMode: "transaction", dbPreparedStatements: false, databaseReadUrls: ["postgres://r1/db", "postgres://r2/db"], readReplicaQueries: "all", maxReplicaLagMs: 5000, telemetryRetentionDays: 0, shutdownDrainMs: 0 });
    expect(loadConfig({})).toMatchObject({ dbPoolMode: "session", dbPreparedStatements: true, databaseReadUrls: [] });
  });

  it("reports every bad value at once", () => {
    try {
      loadConfig({ PORT: "x", LOG_LEVEL: "y" });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it("does not seed demo data on a server database unless asked", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ DATABASE_URL: "postgres://h/db", AUTH_SECRET: secret }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://h/db", AUTH_SECRET: secret, SEED_DEMO: "true" }).seedDemo).toBe(true);
  });
});
