// Runs once before all test files: reports which database the run uses and starts the service
// that files of the default configuration share (test/helpers/service.ts), handing them its URL
// and signing secret through `provide`/`inject`. Files with settings of their own start their own.
import type { TestProject } from "vitest/node";
import { startSharedService } from "./helpers/shared-service.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  process.stderr.write(
    url
      ? `tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, "//")}): one shared database, and one fresh database per file with settings of its own\n`
      : "tests on embedded PGlite (in memory): one shared service, and one per file with settings of its own\n",
  );
  const shared = await startSharedService(url);
  project.provide("sharedService", shared.info);
  return () => shared.stop();
}
