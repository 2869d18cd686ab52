// src/db/driver-errors.ts decides what a database error means to a client, whichever way it is wrapped.
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/common/errors.js";
import { classifyDatabaseError, recordTimeLimits } from "../../src/db/driver-errors.js";

/** As drizzle throws it: a wrapper whose message holds the SQL and the parameters, the driver error in `cause`. */
function wrapped(code: string, driverMessage = "driver says so"): Error {
  const driver = Object.assign(new Error(driverMessage), { code });
  return Object.assign(new Error(`Failed query: update schedules set name = $1\nparams: secret-value`), { cause: driver });
}

describe("classifyDatabaseError", () => {
  recordTimeLimits({ statementTimeoutMs: 30_000, lockTimeoutMs: 5_000, jobStatementTimeoutMs: 600_000 });

  it.each([
    ["57014", "TIMEOUT", /DB_STATEMENT_TIMEOUT_MS=30000 ms/],
    ["55P03", "TIMEOUT", /DB_LOCK_TIMEOUT_MS=5000 ms/],
    ["57P01", "SERVICE_UNAVAILABLE", /unavailable/],
    ["57P02", "SERVICE_UNAVAILABLE", /unavailable/],
    ["57P03", "SERVICE_UNAVAILABLE", /unavailable/],
    ["08006", "SERVICE_UNAVAILABLE", /unavailable/],
    ["ECONNREFUSED", "SERVICE_UNAVAILABLE", /unavailable/],
    ["CONNECT_TIMEOUT", "SERVICE_UNAVAILABLE", /unavailable/],
    ["CONNECTION_CLOSED", "SERVICE_UNAVAILABLE", /unavailable/],
    ["22001", "BAD_USER_INPUT", /longer than its field/],
    ["22P05", "BAD_USER_INPUT", /cannot be stored/],
    ["22021", "BAD_USER_INPUT", /cannot be stored/],
    ["22008", "BAD_USER_INPUT", /date or time/],
    ["22003", "BAD_USER_INPUT", /number/],
    ["22012", "BAD_USER_INPUT", /cannot be stored/],
  ])("%s → %s", (sqlstate, code, message) => {
    const error = classifyDatabaseError(wrapped(sqlstate, "invalid byte sequence: secret-value"));
    expect(error).toBeInstanceOf(AppError);
    expect(error!.code).toBe(code);
    expect(error!.message).toMatch(message);
    expect(error!.message).not.toContain("secret-value");
  });

  it("names the job's limits for an error inside a job", () => {
    expect(classifyDatabaseError(wrapped("57014"), { job: true })!.message).toMatch(/JOB_STATEMENT_TIMEOUT_MS=600000 ms/);
  });

  it("finds the driver error under a GraphQLError's originalError", () => {
    const graphql = Object.assign(new Error("wrapped by graphql"), { originalError: wrapped("55P03") });
    expect(classifyDatabaseError(graphql)?.code).toBe("TIMEOUT");
  });

  it("leaves other errors and AppErrors alone", () => {
    expect(classifyDatabaseError(wrapped("23505"))).toBeNull();
    expect(classifyDatabaseError(new Error("plain"))).toBeNull();
    expect(classifyDatabaseError(new AppError("NOT_FOUND", "x"))).toBeNull();
    expect(classifyDatabaseError(undefined)).toBeNull();
  });
});
