import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

describe("job worker settings", () => {
  it("has defaults", () => {
    expect(loadConfig({})).toMatchObject({ runWorker: true, jobPollMs: 1000, jobLeaseMs: 30_000, jobMaxAttempts: 3, jobRetryBaseMs: 1000, jobShutdownGraceMs: 10_000 });
  });

  it("reads them from the environment", () => {
    const config = loadConfig({ JOB_POLL_MS: "50", JOB_LEASE_MS: "2000", JOB_MAX_ATTEMPTS: "5", JOB_RETRY_BASE_MS: "100", JOB_SHUTDOWN_GRACE_MS: "0", RUN_WORKER: "false" });
    expect(config).toMatchObject({ runWorker: false, jobPollMs: 50, jobLeaseMs: 2000, jobMaxAttempts: 5, jobRetryBaseMs: 100, jobShutdownGraceMs: 0 });
  });

  it.each([
    ["JOB_POLL_MS", "5"],
    ["JOB_POLL_MS", "fast"],
    ["JOB_LEASE_MS", "100"],
    ["JOB_MAX_ATTEMPTS", "0"],
    ["JOB_RETRY_BASE_MS", "1.5"],
    ["JOB_SHUTDOWN_GRACE_MS", "-1"],
  ])("refuses %s=%s naming the variable", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toContain(`${name}=${value}`);
  });
});

describe("the worker command", () => {
  it("refuses the embedded database, which belongs to the server process", () => {
    const env = { ...process.env, DATA_DIR: "memory://" } as Record<string, string | undefined>;
    delete env.DATABASE_URL;
    delete env.AUTH_SECRET;
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/index.ts", "worker"], { env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("worker: set DATABASE_URL");
  });

  it("names a bad setting and exits", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/index.ts", "worker"], {
      env: { ...process.env, JOB_LEASE_MS: "5" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("JOB_LEASE_MS=5 must be a whole number from 300 to 3600000");
  });
});
