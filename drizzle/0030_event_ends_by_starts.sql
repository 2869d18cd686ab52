-- ============================================================================================
-- HAND-WRITTEN: the last end of a target is read from its index of starts (docs/DECISIONS.md 86).
-- The touch that ends every edit of events reads a schedule's last end; 0026 gave it an index of
-- ends, which every new row version of an event must enter as well: rewrites of every event of
-- a 100,000-event schedule (a ripple, a mark) paid for it. The last end belongs to an event
-- starting no earlier than the last start minus the longest duration, so it is read from that
-- short range of events_schedule_time_idx instead (src/schedules/store/look-back.ts lastEndOf).
-- ============================================================================================
DROP INDEX IF EXISTS "events_schedule_end_idx";
