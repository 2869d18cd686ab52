// A mutation Apollo has run once is answered again from its compiled plan (src/server/graphql/
// dispatch.ts, the known path), and like under Apollo it runs to its end whatever the request's
// deadline (limits/deadline.ts): past REQUEST_TIMEOUT_MS its fields still resolve and its answer
// is the data, never TIMEOUT, on either path.
import { describe, expect, it } from "vitest";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { createSchedule } from "../events/helpers.js";

const t = useOwnTestService({ requestTimeoutMs: 100 }); // the shortest deadline there is

const CREATE = `mutation Spots($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { id version events(size: 10) { totalElements content { title } } } } }`;

describe("a known mutation", () => {
  it("runs past the request's deadline to its end, through Apollo first and its plan after", async () => {
    const { org, gql } = await orgClient(t);
    const token = await t.token(org);
    for (const expected of ["apollo", "known"]) {
      const schedule = await createSchedule(gql, `Long ${expected}`);
      // Enough events that writing them and resolving their fields takes past 100 ms.
      const created = Array.from({ length: 3_000 }, (_, i) => ({ onAirTime: new Date(Date.UTC(2026, 0, 1) + i * 30_000).toISOString(), duration: 30_000, title: `Spot ${i}` }));
      const started = performance.now();
      const response = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: CREATE, variables: { s: schedule.id, v: schedule.version, input: { created } } }),
      });
      const took = performance.now() - started;
      const body = (await response.json()) as { data?: any; errors?: unknown[] };
      expect({ path: response.headers.get("x-answer-path"), errors: body.errors }).toEqual({ path: expected, errors: undefined });
      expect(body.data.bulkEditEvents.content.events.totalElements).toBe(3_000);
      // Else this test proves nothing: the deadline must have passed while it ran.
      expect(took).toBeGreaterThan(100);
    }
  });
});
