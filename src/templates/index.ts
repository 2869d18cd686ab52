// The public surface of schedule templates: what other slices and the composition root may use, by
// name (lint: eslint.config.js "boundaries"). Everything else of src/templates/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services): types only, erased at run time.
export type {} from "./context-members.js";

// The service (wired by the composition root), and the templates that use a collection (handed to
// the collections' service, which refuses to delete a collection in use).
export { TemplateService } from "./service.js";
export { templatesUsingCollection } from "./store.js";

// Generation: the service of generateSchedule and the SCHEDULE_GENERATE job's handler.
export { GenerationService } from "./generate-service.js";
export { registerGenerationHandlers } from "./generate-job.js";
export type { GenerationStores } from "./generation.js";

// For the generation job: a template as the planner takes it, and where sequential slots stopped.
export { planningInputs, readSlotPositions, writeSlotPositions, type PlanningInputs } from "./planning.js";

// The planner's plain types, and the GraphQL enums holding their values.
export type { CatalogItem, PlanCollection, PlanSlot, PlanTemplate } from "./plan-types.js";
export { CollectionOrder, OverrunMode, SlotAnchor, SlotSource, Weekday } from "./types.js";
export { MAX_TEMPLATE_SLOTS, type StoredSlot } from "./rules.js";
