// The counters of the rate limits (docs/SECURITY.md "Rate limits"), shared by every server on one
// PostgreSQL: one row per limit and payer for the current window. Written only by
// src/server/limits/rate-limit-store.ts, through rate-limiter-flexible's Drizzle store, which
// names the columns `key`, `points` and `expire`.
import { pgTable, text } from "drizzle-orm/pg-core";
import { instant, int64 } from "./columns.js";

export const rateLimitCounters = pgTable("rate_limit_counters", {
  /** The limit's prefix and the payer: `subject:<user id>`, `organization:<id>`, `ip:<address>`. */
  key: text("key").primaryKey(),
  /** The cost spent in the window so far (refused requests count too). */
  points: int64("points").notNull(),
  /** When the window ends; an expired row starts again from the next request's cost. */
  expire: instant("expire"),
});
