// Where the history's actor and operation come from until every timeline writer names them itself
// (editTimeline): the GraphQL root mutation field being resolved (jobs: src/jobs/worker.ts).
import type { MiddlewareFn } from "type-graphql";
import { withTimelineNote } from "../db/timeline-note.js";
import type { Context } from "../server/context.js";

/** type-graphql global middleware: each root mutation field runs with its name and the token sub as the note. */
export const noteRootMutations: MiddlewareFn<Context> = ({ info, context }, next) => {
  if (info.parentType.name !== "Mutation") return next();
  return withTimelineNote({ actor: context.viewer?.userId ?? null, operation: info.fieldName }, next);
};
