// The one spot where other slices hear of a change of the schedule aggregate: a schedule's row, its
// events or a change set's draft. Every unit of work (edit-schedule.ts, edit-events.ts) calls the
// registered hooks inside its transaction: `began` first, before anything is written, with the
// operation's name and the caller (history names them there, src/history/note.ts); for an edit of
// events (editScheduleEvents), `opened` right after the target is locked and its version checked, and `changed`
// right after the target's version and counters were touched (only when the work changed
// something). A hook that throws rolls the whole unit back. Registration happens once at start-up.
import type { Viewer } from "../common/auth.js";
import type { Transaction } from "../db/client.js";
import type { ChangeSetRow } from "./store/tables.js";
import type { EventTarget } from "./event-target.js";
import type { ScheduleRow } from "./store/tables.js";

/** One unit of work on the aggregate in progress: its transaction, who asked, and under which name. */
export interface ScheduleWork {
  readonly tx: Transaction;
  readonly viewer: Viewer;
  /** The GraphQL mutation (`updateSchedule`, `bulkEditEvents`), a job kind (`SCHEDULE_ARCHIVE`) or `job:<TYPE>`, as recorded. */
  readonly operation: string;
  /**
   * Transaction-local settings a `began` hook names (history: the actor and the operation): set
   * before anything is written, with the unit's first statement where it can take them
   * (src/db/local-settings.ts), so that they cost no statement of their own.
   */
  readonly settings: Map<string, string>;
}

/** One edit of a schedule's events (or of a draft's) in progress: what the work writes to (inside the edit's transaction), and what the hooks see. */
export interface EventsEdit extends ScheduleWork {
  /** The schedule as it was when locked (for a draft: read, not locked). */
  readonly schedule: ScheduleRow;
  /** The change set whose draft is edited, locked; null for the schedule's own events. */
  readonly changeSet: ChangeSetRow | null;
  readonly target: EventTarget;
}

export interface ScheduleChangeHook {
  /** Every unit of work, edits of events included, before it writes anything. */
  began?(work: ScheduleWork): void | Promise<void>;
  opened?(edit: EventsEdit): void | Promise<void>;
  /** `schedule`: the schedule row after the touch (unchanged for a draft edit). */
  changed?(edit: EventsEdit, schedule: ScheduleRow): void | Promise<void>;
}

const hooks: ScheduleChangeHook[] = [];

/** Adds a hook; answers a function that removes it again (tests). */
export function onScheduleChange(hook: ScheduleChangeHook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

export async function runBeganHooks(work: ScheduleWork): Promise<void> {
  for (const hook of hooks) await hook.began?.(work);
}

export async function runOpenedHooks(edit: EventsEdit): Promise<void> {
  for (const hook of hooks) await hook.opened?.(edit);
}

/** Whether any hook listens for `changed` (an edit that ends its transaction with the touch needs none). */
export const hasChangedHooks = (): boolean => hooks.some((hook) => hook.changed);

export async function runChangedHooks(edit: EventsEdit, schedule: ScheduleRow): Promise<void> {
  for (const hook of hooks) await hook.changed?.(edit, schedule);
}
