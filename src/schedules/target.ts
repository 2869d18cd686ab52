// What an event operation reads and writes: the schedule's own events, or the draft events of one
// of its change sets (src/changesets/). The store runs the same set-based SQL on either; only the
// table, the key column and the row keeping the counters differ (store/target-sql.ts).
import { and, eq } from "drizzle-orm";
import type { Viewer } from "../common/auth.js";
import { notFound, staleVersion } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import { sent, type Executor } from "../db/client.js";
import type { LocalSettings } from "../db/local-settings.js";
import { changeSets, type ChangeSetRow } from "./store/tables.js";
import { checkVersion, openSchedule } from "./service.js";
import type { ScheduleRow } from "./store/tables.js";
import type { EventTarget } from "./event-target.js";

export type { EventTarget };

/** The id that names a target among its kind: the change set's for a draft, else the schedule's. */
export const targetKey = (target: EventTarget): number => target.changeSetId ?? target.scheduleId;

export const scheduleTarget = (scheduleId: number): EventTarget => ({ scheduleId, changeSetId: null });

export const draftTarget = (changeSet: Pick<ChangeSetRow, "id" | "scheduleId">): EventTarget => ({ scheduleId: changeSet.scheduleId, changeSetId: changeSet.id });

/** A mutation's target, opened for writing: the schedule and, for a draft, its change set (both of the caller's organization). */
export interface OpenTarget {
  schedule: ScheduleRow;
  changeSet: ChangeSetRow | null;
  target: EventTarget;
}

/**
 * Opens what an event mutation writes to. Without changeSetId: the schedule, row-locked (unless
 * `lock` is false). With
 * one: the change set of that schedule, row-locked (the schedule itself is only read, so drafts
 * never wait for or block on-air edits). A change set of another schedule or organization is
 * NOT_FOUND, exactly like a missing one. `settings`: set by the schedule's read (local-settings.ts).
 * `sendBehind`: called with the target once its lock is sent, to send statements that run right
 * behind the lock in the same round trip (see openSchedule); it must not throw.
 */
export async function openTarget(
  executor: Executor,
  viewer: Viewer,
  scheduleId: string | number,
  changeSetId: string | null | undefined,
  organization?: string | null,
  options: { lock?: boolean; includeHidden?: boolean; settings?: LocalSettings; sendBehind?: (target: EventTarget) => void } = {},
): Promise<OpenTarget> {
  const { lock = true, includeHidden = false, settings, sendBehind } = options;
  if (changeSetId === undefined || changeSetId === null) {
    const behind = sendBehind && ((id: number) => sendBehind(scheduleTarget(id)));
    const schedule = await openSchedule(executor, viewer, scheduleId, organization, { lock, includeHidden, settings, sendBehind: behind });
    return { schedule, changeSet: null, target: scheduleTarget(schedule.id) };
  }
  const id = parseId(changeSetId, "changeSetId");
  const schedule = await openSchedule(executor, viewer, scheduleId, organization, { lock: false, includeHidden, settings });
  const locking = sent(
    executor
      .select()
      .from(changeSets)
      .where(and(eq(changeSets.id, id), eq(changeSets.scheduleId, schedule.id), eq(changeSets.organization, schedule.organization)))
      .for("update"),
  );
  sendBehind?.(draftTarget({ id, scheduleId: schedule.id }));
  const [changeSet] = await locking;
  if (!changeSet) throw notFound("ChangeSet", id);
  return { schedule, changeSet, target: draftTarget(changeSet) };
}

/** The version argument of a mutation: the change set's when it edits a draft, else the schedule's. */
export function checkTargetVersion(open: OpenTarget, version: number | null | undefined): void {
  if (open.changeSet === null) return checkVersion(open.schedule, version);
  if (version !== undefined && version !== null && version !== open.changeSet.version) throw staleVersion("ChangeSet", version, open.changeSet.version);
}
