// The unit of work of every change of a schedule's events or of a change set's draft: editScheduleEvents.
// Inside the aggregate's unit of work (edit-schedule.ts: role, transaction, the `began` hooks that
// name the operation and the caller) it opens and locks the target (schedule, or change-set
// draft), checks the version the caller read, calls the change hooks (change-hooks.ts), runs the work and, when
// the work reports a change, touches the target's version and counters exactly once (store
// touchTarget). When the schedule has a lock horizon, it arms the check before the work and reads
// it after (store/lock-horizon.ts, drizzle/0021_lock_horizon.sql): an edit that touched an event
// starting before now + horizon answers CONFLICT (reason LOCK_HORIZON) and writes nothing. The
// check is armed for one edit at a time: edits run one after another in a transaction, never
// nested. Modelled on Vendure's TransactionalConnection.withTransaction: one place, so that
// history, as-run and the lock horizon hook in once.
import { requireRole, type Role, type Viewer } from "../common/auth.js";
import { now } from "../common/clock.js";
import { conflict } from "../common/errors.js";
import { describeInstant } from "../common/instants.js";
import type { Transaction } from "../db/client.js";
import { editScheduleIn, type Transactor } from "./edit-schedule.js";
import { armLockHorizon, lockHorizonHits, touchTarget } from "./store/index.js";
import { checkTargetVersion, openTarget } from "./target.js";
import { hasChangedHooks, runChangedHooks, runOpenedHooks, type EventsEdit, type ScheduleWork } from "./change-hooks.js";
import { commitBehind, isDatabase } from "../db/commit-behind.js";
import type { ScheduleRow } from "./store/tables.js";
import type { EventTarget } from "./event-target.js";

export type { Transactor };

export interface EventsEditOptions {
  /** The GraphQL mutation name or job kind: what the hooks (history) record the change under. */
  operation: string;
  scheduleId: string | number;
  /** A change set of the schedule: its draft is edited, the schedule is only read. */
  changeSetId?: string | null;
  organization?: string | null;
  /** The version the caller read (the change set's for a draft); absent: not checked. */
  version?: number | null;
  /** Role the caller needs; "editor" unless said. */
  role?: Role;
  /** "read": the schedule is read without its row lock (copySchedule reads its source). */
  lock?: "lock" | "read";
  /** Opens a schedule an import is still writing (visibility IMPORTING): only that import asks. */
  includeHidden?: boolean;
  /**
   * false: not held to the schedule's lock horizon. Only archive and restore, which change the
   * state of a whole schedule rather than what airs (docs/DECISIONS.md 61).
   */
  lockHorizon?: boolean;
}

/** What names an edit's target: a mutation's scheduleId, changeSetId, organization and version, as given (src/common/graphql-args.ts). */
export type EventsEditTarget = Pick<EventsEditOptions, "scheduleId" | "changeSetId" | "organization" | "version">;

export type { EventsEdit };

/**
 * Reads an edit needs that depend only on its arguments and its target (the events it names):
 * sent right behind the target's lock, in the same round trip, and given to the work as
 * `preloaded`. The lock comes first, so they read what the lock holds.
 */
export type Preload<P> = (tx: Transaction, target: EventTarget) => Promise<P>;

/** What the work is given: the opened target, and what its preload read. */
export type PreloadedEdit<P> = EventsEdit & { readonly preloaded: P };

/** What the work reports: whether the target changed, and how to answer once it is touched. */
export interface Outcome<R> {
  changed: boolean;
  /**
   * The work's last write, left for the unit to send: called, it sends its statement at once (as
   * the store's writes do, before their first await), and the touch goes right behind it in the
   * same round trip. Nothing after it needs its answer, and `answer` reads nothing: in a
   * transaction of the unit's own, COMMIT goes out with them (commit-behind.ts).
   */
  lastWrite?: () => Promise<unknown>;
  /**
   * By how many the number of the target's events changed, when the work knows it exactly (the
   * touch then moves the stored count instead of counting the events); undefined: counted.
   */
  counted?: number;
  /**
   * The work moved no event's start or duration and added or removed none (with `counted` 0): the
   * touch keeps the target's first start, last end and longest duration as stored, instead of
   * probing the events' indexes for them again.
   */
  extremesKept?: boolean;
  /** Runs after the touch (when changed) in the same transaction; `schedule` is the touched row. */
  answer(schedule: ScheduleRow): R | Promise<R>;
}

/** The work changed the target (or not: `changed` false), and answers with `answer`. */
export const outcome = <R>(
  changed: boolean | number,
  answer: (schedule: ScheduleRow) => R | Promise<R>,
  counted?: number,
  lastWrite?: () => Promise<unknown>,
  extremesKept = false,
): Outcome<R> => ({
  changed: typeof changed === "number" ? changed > 0 : changed,
  counted,
  answer,
  lastWrite,
  extremesKept,
});

/** editScheduleEvents in a transaction of its own. */
export function editScheduleEvents<R, P = undefined>(
  db: Transactor,
  viewer: Viewer,
  options: EventsEditOptions & { preload?: Preload<P> },
  work: (edit: PreloadedEdit<P>) => Promise<Outcome<R>>,
): Promise<R> {
  requireRole(viewer, options.role ?? "editor");
  // The database's own transaction (not a job's, which writes after the work) may end with the touch.
  const endsTransaction = isDatabase(db);
  return db.transaction((tx) => editScheduleEventsIn(tx, viewer, { ...options, endsTransaction }, work));
}

/** Swallows a rejection that an earlier statement of the same round trip reports (a failed statement fails those behind it). */
const quiet = (promise: Promise<unknown>): void => void promise.catch(() => {});

/** editScheduleEvents inside a transaction the caller already holds (an import batch, a job step). */
export async function editScheduleEventsIn<R, P = undefined>(
  tx: Transaction,
  viewer: Viewer,
  options: EventsEditOptions & { preload?: Preload<P>; endsTransaction?: boolean },
  work: (edit: PreloadedEdit<P>) => Promise<Outcome<R>>,
): Promise<R> {
  // The began hooks' settings go with the target's lock, the edit's first statement; the preload right behind it.
  const inUnit = async ({ settings }: ScheduleWork): Promise<R> => {
    const { preload } = options;
    let preloading: Promise<P> | undefined;
    const sendBehind = preload && ((target: EventTarget) => quiet((preloading = preload(tx, target))));
    const open = await openTarget(tx, viewer, options.scheduleId, options.changeSetId, options.organization, {
      lock: options.lock !== "read",
      includeHidden: options.includeHidden ?? false,
      settings,
      sendBehind,
    });
    checkTargetVersion(open, options.version);
    const edit: PreloadedEdit<P> = { ...open, tx, viewer, operation: options.operation, settings, preloaded: (await preloading) as P };
    await runOpenedHooks(edit);
    const horizon = options.lock !== "read" && options.lockHorizon !== false ? open.schedule.lockHorizonMs : 0;
    const limit = horizon > 0 ? now() + horizon : null;
    if (limit !== null) await armLockHorizon(tx, open.target, limit);
    const result = await work(edit);
    // The work's last write, and the touch right behind it (when nothing must be read in between).
    const writing = result.lastWrite?.();
    if (limit !== null) {
      await writing;
      const hits = await lockHorizonHits(tx);
      if (hits.length) throw lockHorizonConflict(hits, limit, horizon);
    }
    if (!result.changed) {
      await writing;
      return result.answer(open.schedule);
    }
    const touching = touchTarget(tx, open.target, result.counted, result.extremesKept === true && result.counted === 0);
    // Nothing to read or check after the last write and the touch: the unit's own transaction ends with them.
    const committing = writing && options.endsTransaction && limit === null && !hasChangedHooks() ? commitBehind(tx) : null;
    if (writing) {
      quiet(touching);
      if (committing) quiet(committing);
      await writing;
    }
    const touched = await touching;
    if (committing) await committing;
    else await runChangedHooks(edit, touched);
    return result.answer(touched);
  };
  return editScheduleIn(tx, viewer, options, inUnit, true);
}

/** Who a job or an import acts as: its owner, an editor of the organization it writes in. */
export function ownerViewer(owner: { organization: string; userId: string | null }): Viewer {
  return { userId: owner.userId ?? "", orgs: [owner.organization], role: "editor" };
}

/** The most event ids a LOCK_HORIZON conflict names (the triggers keep no more). */
export const LOCK_HORIZON_MAX_IDS = 10;

/** CONFLICT, reason LOCK_HORIZON: the edit touched events that start before the horizon (`limit`, ms since the epoch). */
export function lockHorizonConflict(eventIds: number[], limit: number, horizonMs: number) {
  const ids = eventIds.slice(0, LOCK_HORIZON_MAX_IDS).map(String);
  const horizon = describeInstant(limit);
  return conflict(`the change touches event${ids.length === 1 ? "" : "s"} ${ids.join(", ")}${ids.length === LOCK_HORIZON_MAX_IDS ? " and maybe more" : ""}, starting before the schedule's lock horizon ${horizon} (now + ${horizonMs} ms); nothing was written`, {
    reason: "LOCK_HORIZON",
    eventIds: ids,
    horizon,
    lockHorizonMs: horizonMs,
  });
}
