// The public surface of import/export: what other slices may use (lint: eslint.config.js "boundaries").
export { IoService } from "./service.js";
