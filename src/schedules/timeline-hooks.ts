// The one spot where other slices hear of a change of a schedule's timeline (its events or a
// change set's draft). editTimeline (edit-timeline.ts) calls every registered hook inside the
// transaction: `opened` right after the target is locked and its version checked, `changed` right
// after the target's version and counters were touched (only when the work changed something).
// A hook that throws rolls the whole edit back. Registration happens once at start-up.
import type { Viewer } from "../common/auth.js";
import type { Transaction } from "../db/client.js";
import type { ChangeSetRow } from "./store/tables.js";
import type { EventTarget } from "./target.js";
import type { ScheduleRow } from "./store/tables.js";

/** One edit of a timeline in progress: what the work writes to (inside the edit's transaction), and what the hooks see. */
export interface TimelineEdit {
  readonly tx: Transaction;
  readonly viewer: Viewer;
  /** The GraphQL mutation (`bulkEditEvents`) or job kind (`SCHEDULE_ARCHIVE`) making the change. */
  readonly operation: string;
  /** The schedule as it was when locked (for a draft: read, not locked). */
  readonly schedule: ScheduleRow;
  /** The change set whose draft is edited, locked; null for the schedule's own events. */
  readonly changeSet: ChangeSetRow | null;
  readonly target: EventTarget;
}

export interface TimelineHook {
  opened?(edit: TimelineEdit): void | Promise<void>;
  /** `schedule`: the schedule row after the touch (unchanged for a draft edit). */
  changed?(edit: TimelineEdit, schedule: ScheduleRow): void | Promise<void>;
}

const hooks: TimelineHook[] = [];

/** Adds a hook; answers a function that removes it again (tests). */
export function onTimelineChange(hook: TimelineHook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

export async function runOpenedHooks(edit: TimelineEdit): Promise<void> {
  for (const hook of hooks) await hook.opened?.(edit);
}

export async function runChangedHooks(edit: TimelineEdit, schedule: ScheduleRow): Promise<void> {
  for (const hook of hooks) await hook.changed?.(edit, schedule);
}
