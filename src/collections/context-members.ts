// The asset collections' member of what every resolver receives (src/common/context.ts).
import type { CollectionService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    /** Asset collections: create, change, delete, read. */
    collections: CollectionService;
  }
}
