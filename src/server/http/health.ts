// The probes of a process manager or load balancer. /healthz: the process answers (no database).
// /readyz: the database answers too, through a connection of its own (DatabaseHandle.ping), and
// the answer never waits longer than READY_TIMEOUT_MS: a database that is down, restarting or
// saturated gives 503 at once instead of a hanging probe.
import { sql } from "drizzle-orm";
import type { Express } from "express";
import { within, type Database } from "../../db/client.js";
import type { Logger } from "../../common/log.js";
import type { ReplicaStatus } from "../../db/replicas.js";

export const READY_TIMEOUT_MS = 800;

export interface HealthOptions {
  db: Database;
  /** Resolves when the database answers within the given time (DatabaseHandle.ping); default: through db. */
  ping?: (timeoutMs: number) => Promise<void>;
  log: Logger;
  /** The read replicas' last check, reported in /readyz (a replica down never makes the server unready). */
  replicas?: () => ReplicaStatus[];
  /** True once shutdown began: /readyz answers 503 so that a balancer sends no new requests. */
  draining?: () => boolean;
}

export function mountHealthRoutes(app: Express, { db, ping = (ms) => within(db.execute(sql`select 1`), ms, "the database").then(() => {}), log, replicas, draining }: HealthOptions): void {
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (draining?.()) {
      res.status(503).json({ status: "draining", reason: "the server is shutting down" });
      return;
    }
    try {
      await ping(READY_TIMEOUT_MS);
      res.json(replicas ? { status: "ready", replicas: replicas() } : { status: "ready" });
    } catch (error) {
      log.warn("readiness check failed", { error: String((error as Error)?.message ?? error) });
      res.status(503).json({ status: "unavailable", reason: "database does not answer" });
    }
  });
}
