// The bound of a schedule's lock horizon (schedules.lock_horizon_ms; docs/EVENTS.md "Lock horizon").
// The check itself: editScheduleEvents (edit-events.ts) and drizzle/0021_lock_horizon.sql.

/** The longest lock horizon, ms: 31 days. */
export const MAX_LOCK_HORIZON_MS = 31 * 86_400_000;
