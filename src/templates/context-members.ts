// The schedule templates' member of what every resolver receives (src/common/context.ts).
import type { GenerationService } from "./generate-service.js";
import type { TemplateService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    /** Schedule templates: create, change, delete, read. */
    templates: TemplateService;
    /** generateSchedule: a template's days into a change set's draft (docs/TEMPLATES.md). */
    generation: GenerationService;
  }
}
