// Two services on one PostgreSQL database, as two servers behind the balancer: a caller whose
// requests alternate between them spends one budget, and the count stored agrees with what both
// admitted within one request's cost. Needs DATABASE_URL (the embedded database has one process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import type { Service } from "../../src/main.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { freshDatabase, TEST_SECRET, testConfig } from "../helpers/shared-service.js";
import { uniqueOrg } from "../helpers/service.js";

const onPostgres = !!process.env.DATABASE_URL;
const BUDGET = 2000;
/** 1 + 100 × 1 (query-limits.ts). */
const COST = 101;
const QUERY = `{ schedules(size: 100) { content { id } } }`;

let services: Service[] = [];
let drop: (() => Promise<void>) | undefined;
let databaseUrl = "";

beforeAll(async () => {
  if (!onPostgres) return;
  const fresh = await freshDatabase(process.env.DATABASE_URL!);
  databaseUrl = fresh.url;
  drop = fresh.drop;
  const { startService } = await import("../../src/main.js");
  const config = testConfig(databaseUrl, { rateLimitWindowSeconds: 3600, rateLimitSubjectPoints: BUDGET, rateLimitOrganizationPoints: 10 * BUDGET, rateLimitIpPoints: 0, rateLimitBurst: 0 });
  // One after the other: both run the migrations.
  services.push(await startService(config, { quiet: true }));
  services.push(await startService(config, { quiet: true }));
});
afterAll(async () => {
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await drop?.();
});

async function ask(service: Service, token: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${service.port}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query: QUERY }) });
  await response.arrayBuffer();
  return response.status;
}

describe.skipIf(!onPostgres)("rate limits shared by two services on one PostgreSQL", () => {
  it("admit together what one budget allows, in turns or all at once, and the stored count agrees within one request's cost", async () => {
    for (const together of [false, true]) {
      const sub = `${uniqueOrg("shared")}-${together}`;
      const token = await signToken(TEST_SECRET, { sub, orgs: [uniqueOrg()], role: "viewer" });
      const attempts = Array.from({ length: 2 * Math.ceil(BUDGET / COST) }, (_, i) => services[i % 2]);
      const statuses = together ? await Promise.all(attempts.map((service) => ask(service, token))) : [];
      if (!together) for (const service of attempts) statuses.push(await ask(service, token));
      const admitted = statuses.filter((status) => status === 200).length * COST;
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(admitted).toBeLessThanOrEqual(BUDGET);
      expect(admitted).toBeGreaterThan(BUDGET - COST);
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      const [row] = await sql`select points from rate_limit_counters where key = ${`subject:${sub}`}`;
      await sql.end();
      // Beside what was admitted, the store counted each server's refusals that reached it before
      // the server knew the caller was over (then it refuses from memory).
      expect(Number(row.points)).toBeGreaterThan(BUDGET);
      if (!together) expect(Number(row.points) - admitted).toBeLessThanOrEqual(2 * COST);
    }
  });
});
