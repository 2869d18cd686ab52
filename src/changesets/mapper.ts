import type { ChangeSetRow } from "../schedules/index.js";
import type { ChangeSet } from "./types.js";

/** The one place a change set row becomes its GraphQL shape. */
export function toChangeSet(row: ChangeSetRow): ChangeSet {
  return {
    id: String(row.id),
    scheduleId: String(row.scheduleId),
    version: row.version,
    baseVersion: row.baseVersion,
    createdBy: row.createdBy,
    dateCreated: row.dateCreated,
  };
}
