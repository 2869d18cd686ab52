// Where the history's actor and operation come from until every timeline writer names them itself
// (editTimeline): the GraphQL root mutation field being resolved (jobs: src/jobs/worker.ts).
import type { MiddlewareFn } from "type-graphql";
import { noteTimelineChange, withTimelineNote } from "../db/timeline-note.js";
import { onTimelineChange } from "../schedules/index.js";
import type { Context } from "../common/context.js";

/** type-graphql global middleware: each root mutation field runs with its name and the token sub as the note. */
export const noteRootMutations: MiddlewareFn<Context> = ({ info, context }, next) => {
  if (info.parentType.name !== "Mutation") return next();
  return withTimelineNote({ actor: context.viewer?.userId ?? null, operation: info.fieldName }, next);
};

/**
 * Every edit through editTimeline names its own operation and caller (its options and viewer):
 * registered once at start-up (src/server/services.ts). The middleware above stays for writes
 * outside editTimeline (updateSchedule, createSchedule, deleteSchedule).
 */
export function registerHistoryHook(): void {
  if (registered) return;
  registered = true;
  onTimelineChange({ opened: (edit) => noteTimelineChange(edit.tx, { actor: edit.viewer.userId || null, operation: edit.operation }) });
}
let registered = false;
