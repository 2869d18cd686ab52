// The services of every slice, without HTTP or GraphQL: for service tests, which call a service's
// methods with a Viewer and get its answers (or its AppError) back directly. One migrated database
// per test file (PGlite in memory, or a new database on the server of DATABASE_URL), opened in
// beforeAll and closed in afterAll; the services are built by src/server/services.ts's
// createServices, exactly as the server builds them. Each test works in its own organization
// (orgViewer), so tests never clean up.
import "reflect-metadata";
import { beforeAll, expect } from "vitest";
import type { Role, Viewer } from "../../src/common/auth.js";
import { AppError, type ErrorCode } from "../../src/common/errors.js";
import type { Services } from "../../src/common/context.js";
import type { DatabaseHandle } from "../../src/db/client.js";
import { createServices } from "../../src/server/services.js";
import { useMigratedDatabase } from "./database.js";
import { TEST_SECRET, testConfig } from "./shared-service.js";
import { uniqueOrg } from "./service.js";

export interface ServiceTestBed {
  /** The services, as every request of the server gets them. */
  services: Services;
  /** The database handle (its `db` for statements a test runs itself, `driver`). */
  handle: DatabaseHandle;
}

/** Opens the file's database and builds its services (beforeAll); closes and drops it (afterAll). */
export function useServices(): ServiceTestBed {
  const database = useMigratedDatabase({ maxConnections: 4 });
  const bed = {} as ServiceTestBed;
  beforeAll(() => {
    bed.handle = database.handle;
    bed.services = createServices(database.handle.db, testConfig(database.databaseUrl), TEST_SECRET);
  });
  return bed;
}

/** A caller acting in the given organizations with the given role (what a token's claims give). */
export function viewerOf(orgs: string[] | string, role: Role = "editor", userId = "tester"): Viewer {
  return { userId, orgs: Array.isArray(orgs) ? orgs : [orgs], role };
}

/** A fresh organization and an editor (or the given role) of it. */
export function orgViewer(role: Role = "editor"): { org: string; viewer: Viewer } {
  const org = uniqueOrg();
  return { org, viewer: viewerOf(org, role) };
}

/** Expects `work` to fail with an AppError of `code` (what GraphQL answers as extensions.code); answers it. */
export async function appError(work: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  const error = await work.then(
    (value) => {
      throw new Error(`expected ${code}, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}
