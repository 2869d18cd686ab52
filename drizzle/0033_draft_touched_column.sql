-- ============================================================================================
-- HAND-WRITTEN: a draft's changed rows found by a column the planner has statistics for
-- (docs/DECISIONS.md 90). The rows a change set's draft created or changed were marked by the
-- predicate `version is distinct from base_version`, which a partial index held; but PostgreSQL
-- has no statistics for a comparison of two columns and takes it for nearly every row, so the
-- diff, the conflict check and the merge of a draft with a few changes scanned change_set_events
-- (every open draft's copies) instead of using the index. A stored generated column `touched`
-- is the same predicate as a value: ANALYZE counts it, and the partial index is on it.
-- ============================================================================================
DROP INDEX IF EXISTS "change_set_events_touched_idx";--> statement-breakpoint
ALTER TABLE "change_set_events" ADD COLUMN "touched" boolean GENERATED ALWAYS AS ("version" IS DISTINCT FROM "base_version") STORED;--> statement-breakpoint
CREATE INDEX "change_set_events_touched_idx" ON "change_set_events" USING btree ("change_set_id", "id") WHERE "touched";
