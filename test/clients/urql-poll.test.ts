// The docs' job polls (docs/CLIENTS.md "Polling jobs") against a service whose worker runs the
// export: urql's core client with the docs' configuration (docs/clients/urql.ts) and the poll of
// docs/clients/jobs-urql.ts, and Apollo Client with the cache of docs/clients/apollo.ts and the poll
// of docs/clients/jobs-apollo.ts. Each stops asking once the job is final, and neither client
// prints a warning or an error (graphcache warns of an object it cannot key, Apollo of a cache miss
// or a merge that loses data).
import { ApolloClient, HttpLink } from "@apollo/client";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { createCache } from "../../docs/clients/apollo.js";
import { watchJob, type PolledJob as ApolloJob } from "../../docs/clients/jobs-apollo.js";
import { POLL_JOB, pollJob, type PolledJob } from "../../docs/clients/jobs-urql.js";
import { createClient } from "../../docs/clients/urql.js";
import { createSchedule } from "../events/helpers.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { unnormalized } from "./helpers.js";

// A worker runs the export, so that the poll reads a finished job and its messages.
const t = useOwnTestService({ runWorker: true, jobPollMs: 20 });

let consoleCalls: MockInstance[];
beforeEach(() => {
  consoleCalls = [vi.spyOn(console, "warn"), vi.spyOn(console, "error")];
});
afterEach(() => {
  const printed = consoleCalls.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
  for (const spy of consoleCalls) spy.mockRestore();
  expect(printed).toEqual([]);
});

/** A started export, a token of its organization, and a fetch that counts the requests made with it. */
async function startedExport() {
  const { org, gql: admin } = await orgClient(t, "admin");
  const schedule = await createSchedule(admin, "Polled");
  const job = (await admin.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "polled.csv") { id } }`, { id: schedule.id })).exportSchedule;
  const requests = { count: 0 };
  const counting: typeof fetch = (input, init) => {
    requests.count++;
    return realFetch(input, init);
  };
  return { id: job.id as string, token: await t.token(org, "admin"), requests, counting };
}

const realFetch = globalThis.fetch;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("polling a job with the docs' configurations", () => {
  it("urql: pollJob asks until the job has SUCCEEDED, then stops; graphcache keys the job and its messages", async () => {
    const { id, token, requests, counting } = await startedExport();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(counting);
    try {
      const client = createClient(t.url, token);
      const job = await new Promise<PolledJob | null>((resolve) => pollJob(client, id, resolve, 20));
      expect(job).toMatchObject({ id, status: "SUCCEEDED", progress: 100 });
      expect(job!.downloadUrl).toMatch(/^http/);
      const asked = requests.count;
      await sleep(150);
      expect(requests.count).toBe(asked);
      const cached = await client.query(POLL_JOB, { id }, { requestPolicy: "cache-only" }).toPromise();
      expect(cached.data?.job?.messages.length).toBeGreaterThan(0);
    } finally {
      fetchSpy.mockRestore();
    }
  }, 20_000);

  it("urql: the function pollJob returns stops the poll before the job is final", async () => {
    const { id, token, requests, counting } = await startedExport();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(counting);
    try {
      const final = vi.fn();
      const stop = pollJob(createClient(t.url, token), id, final, 20);
      stop();
      await sleep(150);
      expect(requests.count).toBeLessThanOrEqual(1);
      expect(final).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("Apollo Client: watchJob polls until the job has SUCCEEDED, then stopPolling ends the requests", async () => {
    const { id, token, requests, counting } = await startedExport();
    const client = new ApolloClient({
      cache: createCache(),
      link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}` }, fetch: counting }),
    });
    let unsubscribe = () => {};
    const job = await new Promise<ApolloJob | null>((resolve) => (unsubscribe = watchJob(client, id, resolve, 20)));
    try {
      expect(job).toMatchObject({ id, status: "SUCCEEDED", progress: 100 });
      const asked = requests.count;
      await sleep(150);
      expect(requests.count).toBe(asked);
    } finally {
      unsubscribe();
    }
    const extract = client.cache.extract() as Record<string, unknown>;
    expect(extract[`Job:${id}`]).toMatchObject({ status: "SUCCEEDED" });
    expect(unnormalized(extract, new Set(["Job"]))).toEqual([]);
  }, 20_000);

  it("Apollo Client: watchJob answers null for a job that is not there, and stops", async () => {
    const { token, requests, counting } = await startedExport();
    const client = new ApolloClient({ cache: createCache(), link: new HttpLink({ uri: `${t.url}/graphql`, headers: { authorization: `Bearer ${token}` }, fetch: counting }) });
    let unsubscribe = () => {};
    const job = await new Promise<ApolloJob | null>((resolve) => (unsubscribe = watchJob(client, "987654321", resolve, 20)));
    unsubscribe();
    expect(job).toBeNull();
    await sleep(100);
    expect(requests.count).toBe(1);
  });
});
