// Where the history's actor and operation come from until every timeline writer names them itself
// (editTimeline): the GraphQL root mutation field being resolved (jobs: src/jobs/worker.ts).
import { noteTimelineChange, withTimelineNote } from "../db/timeline-note.js";
import { onTimelineChange } from "../schedules/index.js";
import type { Context } from "../common/context.js";

/**
 * Runs a root mutation field with its name and the token sub as the note. The schema wraps each
 * Mutation field with it (src/server/schema.ts): as a type-graphql global middleware it would also
 * wrap every field resolver of every object (Event.asset a thousand times per page of events).
 */
export function noteRootMutation<T>(context: Context, fieldName: string, run: () => T): T {
  return withTimelineNote({ actor: context.viewer?.userId ?? null, operation: fieldName }, run);
}

/**
 * Every edit through editTimeline names its own operation and caller (its options and viewer):
 * registered once at start-up (src/server/services.ts). The wrapper above stays for writes
 * outside editTimeline (updateSchedule, createSchedule, deleteSchedule).
 */
export function registerHistoryHook(): void {
  if (registered) return;
  registered = true;
  onTimelineChange({ opened: (edit) => noteTimelineChange(edit.tx, { actor: edit.viewer.userId || null, operation: edit.operation }) });
}
let registered = false;
