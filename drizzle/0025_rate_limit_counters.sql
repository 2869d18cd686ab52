-- The counters of the rate limits (docs/SECURITY.md "Rate limits", docs/DECISIONS.md): one row per
-- limit and payer, written by one upsert per limit a request spends from
-- (src/server/limits/rate-limit-store.ts, rate-limiter-flexible's Drizzle store). UNLOGGED: a
-- counter lives for one window, so it needs no WAL (cheaper writes) and is not worth keeping
-- through a crash or on a replica (a crash restarts every window). No index besides the key, and
-- room on each page, so that an increment is a HOT update; the stale rows are deleted by
-- `expire` from every server every five minutes (a sequential scan of a small table).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"points" bigint NOT NULL,
	"expire" timestamp (3) with time zone
) WITH (fillfactor = 50);
