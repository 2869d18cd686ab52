-- ============================================================================================
-- HAND-WRITTEN: the locked events of a target by index (docs/DECISIONS.md 87). A bulk edit
-- reports the gaps it left before locked events, from its span to the first locked event at or
-- after the span's end (src/schedules/store/timings.ts lockedGaps). Without an index of locked
-- events that first one was found by reading every event after the span: a schedule with no
-- locked event after it read to its end (100,000 events: 43 ms per edit). Locked events are few
-- (live switches, fixed-time programmes), so these partial indexes cost little to keep.
-- ============================================================================================
CREATE INDEX "events_schedule_locked_idx" ON "events" USING btree ("schedule_id", "on_air_time") WHERE "locked";--> statement-breakpoint
CREATE INDEX "change_set_events_locked_idx" ON "change_set_events" USING btree ("change_set_id", "on_air_time") WHERE "locked";
