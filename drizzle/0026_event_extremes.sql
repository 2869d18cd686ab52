-- ============================================================================================
-- HAND-WRITTEN: the extremes of a target's events by index (docs/DECISIONS.md 65). Every edit of
-- a schedule's events (or of a draft) ends by touching its row (src/schedules/store/counters.ts):
-- start_date (the first start), finish_date (the last end) and max_event_duration (the longest
-- event). With these indexes each is one index probe (PostgreSQL's min/max plan: the first entry
-- of the target's range) instead of a pass over every event of the target; the first start comes
-- from events_schedule_time_idx (change_set_events_time_idx) already. The touch answers the
-- count from the change the edit reports where it knows it. An update that changes neither
-- on_air_time nor duration leaves these indexes alone (a HOT update where the page has room).
-- ============================================================================================
CREATE INDEX "events_schedule_end_idx" ON "events" USING btree ("schedule_id", ("on_air_time" + "duration"));--> statement-breakpoint
CREATE INDEX "events_schedule_duration_idx" ON "events" USING btree ("schedule_id", "duration");--> statement-breakpoint
CREATE INDEX "change_set_events_duration_idx" ON "change_set_events" USING btree ("change_set_id", "duration");
