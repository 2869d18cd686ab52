// The service that test files of the default configuration share, started by test/global-setup.ts:
//   node --import tsx test/helpers/shared-service-child.ts
// Prints "ready <port>" once listening; stops on SIGTERM, and when vitest goes away (stdin closes).
import "reflect-metadata";
import { startService, stopOnSignals } from "../../src/main.js";
import { testConfig } from "./shared-service.js";

const service = await startService(testConfig(process.env.TEST_SHARED_DATABASE_URL || undefined), { quiet: true });
stopOnSignals(service);
process.stdin.on("close", () => process.kill(process.pid, "SIGTERM"));
process.stdin.resume();
process.stdout.write(`ready ${service.port}\n`);
