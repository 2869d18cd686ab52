// The public surface of reporting: what other slices may use (lint: eslint.config.js "boundaries").
export { ReportingService } from "./service.js";
