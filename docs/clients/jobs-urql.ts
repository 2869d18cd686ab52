// Polling a job with urql's core client (docs/CLIENTS.md "Polling jobs"): ask until the job's status
// is final, then stop. test/clients/polling.test.ts runs it against the service.
import { gql, type Client } from "@urql/core";

export type JobStatus = "PENDING" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
export interface PolledJob {
  __typename?: "Job";
  id: string;
  status: JobStatus;
  progress: number;
  messages: { __typename?: "Message"; type: "OK" | "INFO" | "WARNING" | "ERROR"; message: string }[];
  downloadUrl: string | null;
}

export const POLL_JOB = gql<{ job: PolledJob | null }, { id: string }>`
  query PollJob($id: ID!) { job(id: $id) { id status progress messages { type message } downloadUrl } }
`;

export const FINAL: readonly JobStatus[] = ["SUCCEEDED", "FAILED", "CANCELED"];

/**
 * Asks for the job every `everyMs` (network-only: the server's answer, not the cache's) until its
 * status is final or it is gone (null), then calls `onFinal` once and asks no more. The function
 * returned stops the poll early (a view that goes away). A failed request is asked again.
 */
export function pollJob(client: Client, id: string, onFinal: (job: PolledJob | null) => void, everyMs = 1000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const ask = async () => {
    const { data } = await client.query(POLL_JOB, { id }, { requestPolicy: "network-only" }).toPromise();
    if (stopped) return;
    if (data && (!data.job || FINAL.includes(data.job.status))) return onFinal(data.job);
    // The next request once this one has answered: never two at a time.
    timer = setTimeout(ask, everyMs);
  };
  void ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
