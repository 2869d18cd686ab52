// Rate limits over HTTP (docs/SECURITY.md "Rate limits"): budgets per token subject, per
// organization and per address without a token, each spent by the request's query cost; the
// refusal's shape (429, RATE_LIMITED, retryAfter, the limit's name, Retry-After) on every path
// that answers (the known plan, Apollo, a batch); a wait of retryAfter seconds lets the next
// request through; admins of the embedded default spend nothing.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { uniqueOrg, useOwnTestService, type TestService } from "../helpers/service.js";

const SUBJECT_POINTS = 1000;
const ORGANIZATION_POINTS = 3000;
const IP_POINTS = 300;
const t = useOwnTestService({ rateLimitWindowSeconds: 3600, rateLimitSubjectPoints: SUBJECT_POINTS, rateLimitOrganizationPoints: ORGANIZATION_POINTS, rateLimitIpPoints: IP_POINTS, rateLimitAdminsUnlimited: true, rateLimitBurst: 0 });
/** A short window, and admins limited: what waiting retryAfter seconds does. */
const WINDOW_SECONDS = 2;
const short = useOwnTestService({ rateLimitWindowSeconds: WINDOW_SECONDS, rateLimitSubjectPoints: SUBJECT_POINTS, rateLimitOrganizationPoints: 0, rateLimitIpPoints: 0, rateLimitAdminsUnlimited: false, rateLimitBurst: 0 });

/** Cost 1 + 100 × 1 = 101 (query-limits.ts: a page costs its size times what each item selects). */
const PAGE_OF_100 = `query Page($org: String) { schedules(organization: $org, size: 100) { content { id } } }`;
const PAGE_COST = 101;
/** Cost 1 + 20 × 1 = 21. */
const PAGE_OF_20 = `query Small { schedules(size: 20) { content { id } } }`;
const SMALL_COST = 21;

interface Answer {
  status: number;
  retryAfterHeader: string | null;
  path: string | null;
  body: any;
}

async function post(service: TestService, body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(service.url + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfterHeader: response.headers.get("retry-after"), path: response.headers.get("x-answer-path"), body: await response.json() };
}

const limited = (answer: Answer) => answer.status === 429;

/** Sends `query` one request after another until one is refused (at most `most`); answers how many passed and the refusal. */
async function spendUntilRefused(service: TestService, token: string | undefined, query: string, variables: Record<string, unknown> = {}, most = 200): Promise<{ passed: number; refusal: Answer }> {
  for (let passed = 0; passed < most; passed++) {
    const answer = await post(service, { query, variables }, token);
    if (limited(answer)) return { passed, refusal: answer };
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
  }
  throw new Error(`no refusal after ${most} requests`);
}

function expectRefusal(answer: Answer, limit: string, windowSeconds: number): number {
  expect(answer.status).toBe(429);
  expect(answer.body.data).toBeUndefined();
  expect(answer.body.errors).toHaveLength(1);
  const [error] = answer.body.errors;
  expect(Object.keys(error).sort()).toEqual(["extensions", "message"]);
  expect(error.extensions).toMatchObject({ code: "RATE_LIMITED", limit });
  expect(Object.keys(error.extensions).sort()).toEqual(["code", "limit", "requestId", "retryAfter"]);
  const { retryAfter } = error.extensions;
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds).toBe(true);
  expect(answer.retryAfterHeader).toBe(String(retryAfter));
  return retryAfter;
}

/** Requests of fresh subjects of `org` (never past their own budget) until the organization's budget refuses one: how many passed. */
async function organizationRoom(org: string): Promise<number> {
  const perSubject = Math.floor(SUBJECT_POINTS / PAGE_COST);
  let passed = 0;
  for (let subject = 0; subject < 100; subject++) {
    const token = await t.token(org, "viewer", `${org}-room-${subject}`);
    for (let i = 0; i < perSubject; i++) {
      const answer = await post(t, { query: PAGE_OF_100 }, token);
      if (limited(answer)) {
        expectRefusal(answer, "organization", 3600);
        return passed;
      }
      passed++;
    }
  }
  throw new Error("the organization's budget never refused");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("rate limits", () => {
  it("spends a subject's budget by each request's cost: floor(budget / cost) requests pass, whatever their cost", async () => {
    const org = uniqueOrg();
    const heavy = await spendUntilRefused(t, await t.token(org, "viewer", "heavy-reader"), PAGE_OF_100);
    expect(heavy.passed).toBe(Math.floor(SUBJECT_POINTS / PAGE_COST));
    expectRefusal(heavy.refusal, "subject", 3600);
    const light = await spendUntilRefused(t, await t.token(org, "viewer", "light-reader"), PAGE_OF_20);
    expect(light.passed).toBe(Math.floor(SUBJECT_POINTS / SMALL_COST));
    expectRefusal(light.refusal, "subject", 3600);
  });

  it("refuses on the path that would have answered: the known plan, Apollo (a mutation), a batch", async () => {
    const org = uniqueOrg();
    const token = await t.token(org, "editor", "paths");
    const { refusal } = await spendUntilRefused(t, token, PAGE_OF_100);
    // The same query again: its compiled plan would answer; the refusal comes first.
    expect(refusal.path).toBe("refused:subject");
    expectRefusal(refusal, "subject", 3600);
    const mutation = await post(t, { query: `mutation { createSchedule(input: { name: "refused" }) { id } }` }, token);
    expectRefusal(mutation, "subject", 3600);
    const batch = await post(t, [{ query: PAGE_OF_20 }, { query: "{ __typename }" }], token);
    expectRefusal(batch, "subject", 3600);
    // Nothing was written by the refused mutation.
    const admin = await t.token(org, "admin", "paths-admin");
    expect((await post(t, { query: "{ schedules { totalElements } }" }, admin)).body.data.schedules.totalElements).toBe(0);
  });

  it("spends a batch's cost as a whole, before any of its operations runs", async () => {
    const token = await t.token(uniqueOrg(), "viewer", "batcher");
    const batch = [{ query: PAGE_OF_100 }, { query: PAGE_OF_100 }, { query: PAGE_OF_100 }];
    let passed = 0;
    for (let sent = 0; sent < 50; sent++) {
      const answer = await post(t, batch, token);
      if (limited(answer)) {
        expectRefusal(answer, "subject", 3600);
        break;
      }
      expect(answer.body).toHaveLength(3);
      passed++;
    }
    expect(passed, "refused once past the budget").toBeLessThan(50);
    expect(passed).toBe(Math.floor(SUBJECT_POINTS / (3 * PAGE_COST)));
  });

  it("shares an organization's budget between its subjects", async () => {
    const org = uniqueOrg();
    expect(await organizationRoom(org)).toBe(Math.floor(ORGANIZATION_POINTS / PAGE_COST));
    // Another organization's callers are not touched.
    expect((await post(t, { query: PAGE_OF_100 }, await t.token(uniqueOrg(), "viewer", `${org}-elsewhere`))).status).toBe(200);
  });

  it("charges the organization a several-organization token names, never one it does not hold", async () => {
    const [mine, other, stranger] = [uniqueOrg(), uniqueOrg(), uniqueOrg()];
    const token = await t.token([mine, other], "viewer", `${mine}-multi`);
    // Until its subject is refused: the refused request's cost counts too.
    const spent = await spendUntilRefused(t, token, PAGE_OF_100, { org: other });
    expectRefusal(spent.refusal, "subject", 3600);
    const chargedToOther = (spent.passed + 1) * PAGE_COST;
    // Naming an organization the token does not hold (FORBIDDEN) charges no organization.
    for (let i = 0; i < 3; i++) await post(t, { query: PAGE_OF_100, variables: { org: stranger } }, await t.token(mine, "viewer", `${mine}-probe-${i}`));
    expect(await organizationRoom(other)).toBe(Math.floor((ORGANIZATION_POINTS - chargedToOther) / PAGE_COST));
    expect(await organizationRoom(mine)).toBe(Math.floor(ORGANIZATION_POINTS / PAGE_COST));
    expect(await organizationRoom(stranger)).toBe(Math.floor(ORGANIZATION_POINTS / PAGE_COST));
  });

  it("spends the budget of the address for requests without a valid token", async () => {
    const { passed, refusal } = await spendUntilRefused(t, undefined, PAGE_OF_100);
    expect(passed).toBe(Math.floor(IP_POINTS / PAGE_COST));
    expectRefusal(refusal, "ip", 3600);
    // A token that fails verification is anonymous too.
    expectRefusal(await post(t, { query: PAGE_OF_100 }, "not-a-token"), "ip", 3600);
    // Callers with a token are not affected.
    expect((await post(t, { query: PAGE_OF_100 }, await t.token(uniqueOrg(), "viewer", "after-anonymous"))).status).toBe(200);
  });

  it("spends nothing for admins when RATE_LIMIT_ADMINS_UNLIMITED (the embedded default's)", async () => {
    const token = await t.token(uniqueOrg(), "admin", "unlimited-admin");
    for (let i = 0; i < 3 * Math.ceil(SUBJECT_POINTS / PAGE_COST); i++) expect((await post(t, { query: PAGE_OF_100 }, token)).status).toBe(200);
    expect(loadConfig({}).rateLimitAdminsUnlimited).toBe(true);
    expect(loadConfig({ AUTH_SECRET: "x".repeat(32) }).rateLimitAdminsUnlimited).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", AUTH_SECRET: "x".repeat(32) }).rateLimitAdminsUnlimited).toBe(false);
  });

  it("lets the request through once its retryAfter has passed; admins are limited where the setting is off", async () => {
    for (const role of ["viewer", "admin"] as const) {
      const token = await short.token(uniqueOrg(), role, `waiting-${role}`);
      const { refusal } = await spendUntilRefused(short, token, PAGE_OF_100, {}, 50);
      const retryAfter = expectRefusal(refusal, "subject", WINDOW_SECONDS);
      await sleep(retryAfter * 1000);
      const again = await post(short, { query: PAGE_OF_100 }, token);
      expect(again.status, JSON.stringify(again.body).slice(0, 300)).toBe(200);
    }
  });
});
