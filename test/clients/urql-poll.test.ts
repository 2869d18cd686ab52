// The docs' urql configuration (docs/clients/urql.ts) with the docs' job poll (docs/CLIENTS.md
// "Polling jobs"): graphcache keys every object the poll reads, messages included, and warns of none.
import { gql } from "@urql/core";
import { describe, expect, it, vi } from "vitest";
import { createClient } from "../../docs/clients/urql.js";
import { createSchedule } from "../events/helpers.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";

// A worker runs the export, so that the poll reads a finished job and its messages.
const t = useOwnTestService({ runWorker: true, jobPollMs: 20 });
const POLL = gql`query PollJob($id: ID!) { job(id: $id) { id status progress messages { type message } downloadUrl } }`;

describe("urql polling a job with the docs' configuration", () => {
  it("reads the job and its messages with no graphcache warning", async () => {
    const { org, gql: admin } = await orgClient(t, "admin");
    const schedule = await createSchedule(admin, "Polled");
    const job = (await admin.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "polled.csv") { id } }`, { id: schedule.id })).exportSchedule;
    const warn = vi.spyOn(console, "warn");
    try {
      const client = createClient(t.url, await t.token(org, "admin"));
      let status = "";
      for (let i = 0; i < 100 && !["SUCCEEDED", "FAILED", "CANCELED"].includes(status); i++) {
        const result = await client.query(POLL, { id: job.id }, { requestPolicy: "network-only" }).toPromise();
        expect(result.error).toBeUndefined();
        status = result.data.job.status;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe("SUCCEEDED");
      const done = await client.query(POLL, { id: job.id }, { requestPolicy: "cache-only" }).toPromise();
      expect(done.data.job.messages.length).toBeGreaterThan(0);
      expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
