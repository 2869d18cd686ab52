// The schedule templates' member of what every resolver receives (src/common/context.ts).
import type { TemplateService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    /** Schedule templates: create, change, delete, read. */
    templates: TemplateService;
  }
}
