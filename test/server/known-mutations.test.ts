// A mutation Apollo has run once is answered again from its compiled plan (src/server/graphql/
// dispatch.ts, the known path), and like under Apollo it runs to its end whatever the request's
// deadline (limits/deadline.ts): past REQUEST_TIMEOUT_MS its fields still resolve and its answer
// is the data, never TIMEOUT, on either path.
import { describe, expect, it } from "vitest";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { createSchedule } from "../events/helpers.js";

const t = useOwnTestService({ requestTimeoutMs: 100 }); // the shortest deadline there is

/** The same mutation under another operation name per size: a new document to Apollo each time. */
const create = (name: string) =>
  `mutation ${name}($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { id version events(size: 10) { totalElements content { title } } } } }`;

describe("a known mutation", () => {
  it("runs past the request's deadline to its end, through Apollo first and its plan after", async () => {
    const { org, gql } = await orgClient(t);
    const token = await t.token(org);
    // Enough events that writing them and resolving their fields takes past 100 ms on both paths;
    // a quicker machine gets twice as many, until it does (else this test would prove nothing).
    let passed = false;
    for (let count = 3_000; !passed && count <= 48_000; count *= 2) {
      const query = create(`Spots${count}`);
      const took: number[] = [];
      for (const expected of ["apollo", "known"]) {
        const schedule = await createSchedule(gql, `Long ${expected} ${count}`);
        const created = Array.from({ length: count }, (_, i) => ({ onAirTime: new Date(Date.UTC(2026, 0, 1) + i * 30_000).toISOString(), duration: 30_000, title: `Spot ${i}` }));
        const started = performance.now();
        const response = await fetch(`${t.url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables: { s: schedule.id, v: schedule.version, input: { created } } }),
        });
        took.push(performance.now() - started);
        const body = (await response.json()) as { data?: any; errors?: unknown[] };
        expect({ path: response.headers.get("x-answer-path"), errors: body.errors }).toEqual({ path: expected, errors: undefined });
        expect(body.data.bulkEditEvents.content.events.totalElements).toBe(count);
      }
      passed = took.every((ms) => ms > 100);
    }
    // The deadline must have passed while each path ran.
    expect(passed).toBe(true);
  });
});
