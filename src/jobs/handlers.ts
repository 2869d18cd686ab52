// The production job types and their handlers. Other slices add theirs here (export, import).
import { registerArchiveHandlers } from "./archive.js";
import { JobRegistry } from "./registry.js";

export function createJobRegistry(): JobRegistry {
  const registry = new JobRegistry();
  registerArchiveHandlers(registry);
  return registry;
}
