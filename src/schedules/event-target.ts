// What an event operation reads and writes, named: its own module so that the hooks
// (change-hooks.ts) can name it without importing the target's lookups (target.ts).
export interface EventTarget {
  /** The schedule; its time_origin is what every stored time of the target counts from. */
  readonly scheduleId: number;
  /** The change set whose draft is meant; null: the schedule's own events. */
  readonly changeSetId: number | null;
}
