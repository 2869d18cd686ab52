// What an import that did not finish leaves behind: its hidden schedule (visibility IMPORTING),
// removed in small steps so that no other request waits long behind the removal of a large one.
// Each step is an edit of the schedule's events (editScheduleEvents), so the removal is recorded like
// every other change; the steps change nothing anyone sees, so none touches the schedule.
import { AppError } from "../common/errors.js";
import type { Transactor } from "./edit-events.js";
import { editScheduleEvents, outcome, ownerViewer } from "./edit-events.js";
import { deleteHiddenSchedule, deleteSomeEvents } from "./store/index.js";

/** Events removed per step when a hidden schedule goes. */
export const REMOVE_CHUNK = 5000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deletes a schedule that is still hidden, its events first in steps; nothing when it became visible or is gone. */
export async function removeHiddenSchedule(db: Transactor, organization: string, scheduleId: number): Promise<void> {
  const options = { operation: "removeHiddenSchedule", scheduleId, organization, includeHidden: true };
  for (;;) {
    let done: boolean;
    try {
      done = await editScheduleEvents(db, ownerViewer({ organization, userId: null }), options, async ({ tx, schedule }) => {
        if (schedule.visibility !== "IMPORTING") return outcome(false, () => true);
        if ((await deleteSomeEvents(tx, scheduleId, REMOVE_CHUNK)) >= REMOVE_CHUNK) return outcome(false, () => false);
        await deleteHiddenSchedule(tx, scheduleId);
        return outcome(false, () => true);
      });
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return;
      throw error;
    }
    if (done) return;
    await nextTurn();
  }
}
