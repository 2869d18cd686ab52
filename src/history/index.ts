// The history slice's public face for other slices: the one call that names a timeline change.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { noteTimelineChange, registerHistoryHook, type TimelineNote } from "./note.js";
export { HistoryService } from "./service.js";
export * from "./service.js";
