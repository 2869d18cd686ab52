// The production job types and their handlers, composed here (the composition root) for the
// server's worker and `playout-gateway worker`. Other slices add theirs here (export, import).
// Before any decorated class is loaded (this module loads the schema, and with it type-graphql).
import "reflect-metadata";
import { registerAsRunHandlers } from "../asrun/jobs.js";
import { registerIoHandlers } from "../io/jobs.js";
import { registerArchiveHandlers } from "../schedules/archive.js";
import { planningInputs, readSlotPositions, registerGenerationHandlers, writeSlotPositions } from "../templates/index.js";
import { JobRegistry } from "../jobs/registry.js";
import { schemaEventCoercer } from "./graphql/index.js";

export function createJobRegistry(): JobRegistry {
  const registry = new JobRegistry();
  registerArchiveHandlers(registry);
  registerIoHandlers(registry, schemaEventCoercer);
  registerAsRunHandlers(registry);
  registerGenerationHandlers(registry, { planningInputs, readSlotPositions, writeSlotPositions });
  return registry;
}
