// The history slice's public face for other slices, by name (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// The one call that names the actor and operation of a change (the history triggers read them), and its hook.
export { noteActorAndOperation, registerHistoryHook, type ActorAndOperation } from "./note.js";
// The service (wired by the composition root) and a schedule as read at an earlier version.
export { HistoryService, changedEventIds, type HistoricSchedule } from "./service.js";
