-- ============================================================================================
-- HAND-WRITTEN: only events longer than a minute are indexed by duration (docs/DECISIONS.md 86).
-- The index of durations (0026) gives a target's longest event, the bound every look-back reads
-- within; every new row version of an event entered it, so rewrites of every event of a schedule
-- of spots paid for it. Now the spots and breaks (a minute or less) are left out: the bound kept
-- is the longest duration when an event is longer than a minute, else a minute
-- (src/schedules/store/look-back.ts longestOf; INDEXED_DURATION_MS there equals the 60000 here).
-- ============================================================================================
DROP INDEX IF EXISTS "events_schedule_duration_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "change_set_events_duration_idx";--> statement-breakpoint
CREATE INDEX "events_schedule_long_idx" ON "events" USING btree ("schedule_id", "duration") WHERE "duration" > 60000;--> statement-breakpoint
CREATE INDEX "change_set_events_long_idx" ON "change_set_events" USING btree ("change_set_id", "duration") WHERE "duration" > 60000;
