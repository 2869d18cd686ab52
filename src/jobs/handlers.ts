// The production job types and their handlers. Other slices add theirs here (export, import).
import { registerIoHandlers } from "../io/jobs.js";
import { registerAsRunHandlers } from "../asrun/jobs.js";
import { registerArchiveHandlers } from "../schedules/archive.js";
import { JobRegistry } from "./registry.js";

export function createJobRegistry(): JobRegistry {
  const registry = new JobRegistry();
  registerArchiveHandlers(registry);
  registerIoHandlers(registry);
  registerAsRunHandlers(registry);
  return registry;
}
