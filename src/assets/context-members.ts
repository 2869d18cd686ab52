// The asset catalog's members of what every resolver receives (src/common/context.ts).
import type { AssetLoaders } from "./loaders.js";
import type { AssetService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    assets: AssetService;
  }
  interface Loaders {
    assets: AssetLoaders;
  }
}
