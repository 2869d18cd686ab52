// Polling a job with Apollo Client 4 (docs/CLIENTS.md "Polling jobs"): a watched query with
// pollInterval, stopped when the job's status is final. test/clients/polling.test.ts runs it.
import { gql, type ApolloClient, type TypedDocumentNode } from "@apollo/client";

export type JobStatus = "PENDING" | "PROCESSING" | "SUCCEEDED" | "FAILED" | "CANCELED";
export interface PolledJob {
  __typename?: "Job";
  id: string;
  status: JobStatus;
  progress: number;
  messages: { __typename?: "Message"; type: "OK" | "INFO" | "WARNING" | "ERROR"; message: string }[];
  downloadUrl: string | null;
}

export const POLL_JOB: TypedDocumentNode<{ job: PolledJob | null }, { id: string }> = gql`
  query PollJob($id: ID!) { job(id: $id) { id status progress messages { type message } downloadUrl } }
`;

export const FINAL: readonly JobStatus[] = ["SUCCEEDED", "FAILED", "CANCELED"];

/**
 * Polls the job every `everyMs` until its status is final or it is gone (null), then stops polling
 * and calls `onFinal` once. The function returned unsubscribes (a view that goes away).
 */
export function watchJob(client: ApolloClient, id: string, onFinal: (job: PolledJob | null) => void, everyMs = 1000): () => void {
  const query = client.watchQuery({ query: POLL_JOB, variables: { id }, pollInterval: everyMs, fetchPolicy: "network-only" });
  let final = false;
  const subscription = query.subscribe(({ data, dataState }) => {
    // Only a complete answer decides: "empty" is loading, and a "partial" job's fields may be undefined.
    if (final || dataState !== "complete" || (data.job && !FINAL.includes(data.job.status))) return;
    final = true;
    query.stopPolling();
    onFinal(data.job);
  });
  return () => subscription.unsubscribe();
}
