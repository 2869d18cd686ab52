// Rows → GraphQL shapes (the only place that maps).
import { asStored, ReadMap } from "../common/read-plan.js";
import type { ChangeSetRow } from "../schedules/index.js";
import { ChangeSet } from "./types.js";

/**
 * Each field with the columns it reads: a list, page or lookup reads the selected ones
 * (src/common/read-plan.ts). The field resolvers (events, eventPageAt, diff) take the whole change
 * set, so selecting one reads every field.
 */
export const CHANGE_SET_READS = new ReadMap<ChangeSetRow, ChangeSet>(
  {
    id: { columns: ["id"], value: (row) => String(row.id) },
    scheduleId: { columns: ["scheduleId"], value: (row) => String(row.scheduleId) },
    version: asStored("version"),
    baseVersion: asStored("baseVersion"),
    createdBy: asStored("createdBy"),
    dateCreated: asStored("dateCreated"),
  },
  ["id", "scheduleId"],
  {},
  "everything",
  ChangeSet,
);

/** The one place a change set row becomes its GraphQL shape (every field). */
export function toChangeSet(row: ChangeSetRow): ChangeSet {
  return CHANGE_SET_READS.toOutput(row, CHANGE_SET_READS.everything);
}
