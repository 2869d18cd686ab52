// Test-only job types and helpers for driving jobs through their life. Nothing here is production code.
import type { JobContext, JobRegistry } from "../../src/jobs/registry.js";
import type { GraphQLClient } from "./service.js";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers something truthy; fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

export const JOB_FIELDS = `id uniqueId jobType status progress entityId organization providerId serviceProviderId userId accountUserId
  fileName resourceExtension resourceLink messages { message type } attempts dateCreated dateStarted dateFinished
  links { rel href type }`;

export async function jobOf(gql: GraphQLClient, id: string): Promise<any> {
  return (await gql.data(`query($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`, { id })).job;
}

export function waitForStatus(gql: GraphQLClient, id: string, statuses: string[], timeoutMs?: number): Promise<any> {
  return waitFor(`job ${id} to be ${statuses.join("|")}`, async () => {
    const job = await jobOf(gql, id);
    return job && statuses.includes(job.status) ? job : null;
  }, timeoutMs);
}

interface Gate {
  started: Promise<void>;
  release(): void;
  /** How the handler left: "finished", or the error it stopped with. */
  ended: Promise<string>;
}

interface GateEntry {
  gate: Gate;
  released: boolean;
  markStarted(): void;
  markEnded(how: string): void;
}

/**
 * TEST_GATED: starts, then waits (with a checkpoint every few ms) until the test releases it, then
 * reports progress and finishes. Counts its runs per job.
 */
export class GatedJobs {
  readonly runs = new Map<number, number>();
  private readonly gates = new Map<number, GateEntry>();

  private entry(jobId: number): GateEntry {
    let entry = this.gates.get(jobId);
    if (!entry) {
      let markStarted!: () => void;
      let markEnded!: (how: string) => void;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const ended = new Promise<string>((resolve) => (markEnded = resolve));
      const created: GateEntry = { released: false, markStarted, markEnded, gate: { started, ended, release: () => (created.released = true) } };
      entry = created;
      this.gates.set(jobId, entry);
    }
    return entry;
  }

  gate(jobId: number): Gate {
    return this.entry(jobId).gate;
  }

  register(registry: JobRegistry, type = "TEST_GATED"): void {
    registry.register(type, {
      run: async (ctx: JobContext) => {
        const id = ctx.job.id;
        this.runs.set(id, (this.runs.get(id) ?? 0) + 1);
        const entry = this.entry(id);
        entry.markStarted();
        try {
          while (!entry.released) {
            await ctx.checkpoint();
            await sleep(10);
          }
          await ctx.progress(50, { type: "INFO", message: "half way" });
          await ctx.finish(async () => ({ result: { done: true }, messages: [{ type: "OK", message: "gated job done" }] }));
          entry.markEnded("finished");
        } catch (error) {
          entry.markEnded(String((error as Error).message));
          throw error;
        }
      },
    });
  }
}
