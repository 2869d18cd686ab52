// The history slice's public face for other slices: the one call that names a timeline change.
export { noteTimelineChange, type TimelineNote } from "../db/timeline-note.js";
export { registerHistoryHook } from "./note.js";
export { HistoryService } from "./service.js";
