// The commands themselves, loaded by src/cli/index.ts only to run one (not for `--help`).
import "reflect-metadata";
import { writeFileSync, readFileSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import { startService, stopOnSignals } from "../main.js";
import { DEMO_ORGANIZATION, seedDemoOnce } from "../seed/index.js";
import { seedTelemetryFromCli, telemetrySeedOptions } from "../seed/index.js";
import { printGraphQLSchema } from "../server/index.js";
import { embeddedSecret, signToken, verifyToken } from "../server/index.js";
import { ROLES, type Role } from "../common/auth.js";
import { plural } from "../common/text.js";
import { runWorkerCommand } from "../jobs/index.js";
import { createJobRegistry, startObservability } from "../server/index.js";
import { createLogger } from "../common/log.js";
import { asRunCommand } from "./asrun.js";
import { generateCommand } from "./generate.js";
import type { CliIo } from "./io.js";
import { jobsCommand } from "./jobs.js";
import { exportCommand, importCommand } from "./transfer.js";

/**
 * Runs one command (known to exist, its options not yet parsed) with io's streams, settings and
 * folder; the exit code, or -1 to keep running (serve).
 */
export async function runCommand(command: string, rest: string[], io: CliIo): Promise<number> {
  const { stdout, stderr, env } = io;
  switch (command) {
    case "serve": {
      const starting = startService(loadConfig(env));
      stopOnSignals(starting); // before the start completes: the server listens before it returns
      await starting;
      return -1; // keep running
    }
    case "worker": {
      const config = loadConfig(env);
      return runWorkerCommand(config, createJobRegistry(), startObservability(config, createLogger(config.logLevel)));
    }
    case "import":
      return importCommand(rest, loadConfig(env), io);
    case "export":
      return exportCommand(rest, loadConfig(env), io);
    case "asrun":
      return asRunCommand(rest, loadConfig(env), io);
    case "generate":
      return generateCommand(rest, loadConfig(env), io);
    case "migrate": {
      const config = loadConfig(env);
      const db = await openDatabase({ databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl, dataDir: config.dataDir, templateDir: config.pgliteTemplateDir, poolMode: config.databaseMigrationUrl !== undefined ? "session" : config.dbPoolMode });
      try {
        await runMigrations(db);
        stdout.write("migrations applied\n");
      } finally {
        await db.close();
      }
      return 0;
    }
    case "seed": {
      const config = loadConfig(env);
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, templateDir: config.pgliteTemplateDir, poolMode: config.dbPoolMode });
      try {
        await runMigrations(db);
        const telemetry = telemetrySeedOptions(rest);
        if (telemetry) {
          stdout.write(`seeded ${JSON.stringify(await seedTelemetryFromCli(db.db, telemetry))}\n`);
          return 0;
        }
        const demo = await seedDemoOnce(db.db);
        if ("present" in demo) stdout.write(`demo data already present (organization "${DEMO_ORGANIZATION}" has ${plural(demo.present, "schedule")}): nothing added\n`);
        else stdout.write(`seeded ${JSON.stringify(demo.seeded)}\n`);
      } finally {
        await db.close();
      }
      return 0;
    }
    case "token": {
      const { values } = parseArgs({
        args: rest,
        options: { org: { type: "string", multiple: true }, role: { type: "string", default: "editor" }, sub: { type: "string", default: "cli" }, expires: { type: "string", default: "30d" } },
      });
      if (!values.org?.length) {
        stderr.write("token: --org is required (use --org '*' for every organization)\n");
        return 2;
      }
      if (!ROLES.includes(values.role as Role)) {
        stderr.write(`token: --role must be one of ${ROLES.join(", ")}\n`);
        return 2;
      }
      if (env.DATABASE_URL && !env.AUTH_SECRET) {
        stderr.write("token: DATABASE_URL is set but AUTH_SECRET is not: a service on PostgreSQL checks tokens with its AUTH_SECRET, so sign with the same one (AUTH_SECRET=… npm run token -- --org ORG); a service with only AUTH_JWKS_URL takes its identity provider's tokens instead\n");
        return 2;
      }
      const config = loadConfig(env);
      if (!config.authSecret) {
        stderr.write(`token: signed with the embedded secret of ${config.dataDir} (as \`npm start\` without AUTH_SECRET uses); a service started with AUTH_SECRET rejects it: set the same AUTH_SECRET here\n`);
      }
      const secret = config.authSecret ?? embeddedSecret(config.dataDir);
      const token = await signToken(secret, { sub: values.sub!, orgs: values.org, role: values.role as Role }, values.expires);
      // Never print a token the service would refuse (life over TOKEN_MAX_LIFE_SECONDS, bad --org).
      try {
        await verifyToken(secret, token, { maxLifeSeconds: config.tokenMaxLifeSeconds, clockSkewSeconds: config.tokenClockSkewSeconds });
      } catch (error) {
        stderr.write(`token: the service would refuse this token: ${(error as Error).message.replace(/^Bearer token rejected: /, "")}\n`);
        return 2;
      }
      stdout.write(token + "\n");
      return 0;
    }
    case "jobs":
      return jobsCommand(rest, loadConfig(env), io);
    case "schema": {
      const { values } = parseArgs({ args: rest, options: { check: { type: "boolean", default: false }, out: { type: "string", default: "schema.graphql" } } });
      const sdl = await printGraphQLSchema();
      const file = resolve(io.cwd, values.out!);
      if (values.check) {
        const current = existsSync(file) ? readFileSync(file, "utf8") : "";
        if (current !== sdl) {
          stderr.write(`${values.out} differs from the schema the code emits: run \`npm run schema\` and commit it\n`);
          return 1;
        }
        stdout.write(`${values.out} is up to date\n`);
        return 0;
      }
      writeFileSync(file, sdl);
      stdout.write(`wrote ${values.out}\n`);
      return 0;
    }
  }
  return 2;
}

