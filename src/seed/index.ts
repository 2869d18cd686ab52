// The public surface of the demo seed, for the CLI (lint: eslint.config.js "boundaries").
export { DEMO_ORGANIZATION, seedDemoOnce } from "./demo.js";
export { seedTelemetryFromCli, telemetrySeedOptions } from "./telemetry-cli.js";
