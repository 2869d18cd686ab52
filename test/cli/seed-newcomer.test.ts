// A newcomer on an empty database (PostgreSQL, AUTH_SECRET set): the start says what to do next,
// `npm run seed` adds the demo once, and a token signed with another secret says why it fails.
import { describe, expect, it } from "vitest";
import { demoScheduleCount, seedDemoOnce } from "../../src/seed/demo.js";
import { nextStepLines } from "../../src/seed/next-steps.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService(); // its own service: this file reaches into its database

describe("a first start on an empty database", () => {
  it("names the next steps, seeds the demo once, and says so the second time", async () => {
    const db = t.service.database.db;
    const before = (await nextStepLines(db)).join("\n");
    expect(before).toMatch(/npm run token -- --org ORG/);
    expect(before).toMatch(/database is empty: `npm run seed`/);

    const first = await seedDemoOnce(db);
    expect(first).toMatchObject({ seeded: { schedules: expect.any(Number), events: expect.any(Number) } });
    const schedules = await demoScheduleCount(db);
    expect(schedules).toBeGreaterThan(0);

    expect(await seedDemoOnce(db)).toEqual({ present: schedules });
    expect(await demoScheduleCount(db)).toBe(schedules);
    expect((await nextStepLines(db)).join("\n")).not.toMatch(/database is empty/);
  });

  it("hints at a secret mismatch when a token does not verify", async () => {
    const foreign = await signToken("another-secret-0123456789abcdef0123456789", { sub: "x", orgs: ["demo"], role: "viewer" });
    const error = await t.client(foreign).error(`{ schedules { totalElements } }`);
    expect(error.extensions.code).toBe("UNAUTHENTICATED");
    expect(error.message).toMatch(/not valid \(signed with another secret\?.*AUTH_SECRET/);
  });
});
