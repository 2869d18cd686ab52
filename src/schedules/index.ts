// The public surface of the schedule aggregate: what other slices may use (lint: eslint.config.js "boundaries").
export { ScheduleService } from "./service.js";
export { ArchiveService } from "./archive.js";
