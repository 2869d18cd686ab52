#!/usr/bin/env node
// The command line: `playout-gateway <command> [options]`; npm scripts call the same commands.
import "reflect-metadata";
import { writeFileSync, readFileSync, existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig } from "../config.js";
import { describeFatalError, exitCodeOf } from "./errors.js";
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
import { createJobRegistry } from "../server/index.js";
import { JOBS_HELP, jobsCommand } from "./jobs.js";
import { ASRUN_HELP, asRunCommand } from "../asrun/index.js";
import { EXIT_HELP, EXPORT_HELP, IMPORT_HELP, exportCommand, importCommand } from "./transfer.js";

const HELP: Record<string, string> = {
  serve: "serve                      start the GraphQL service (PORT, DATABASE_URL, DATA_DIR, …)",
  worker: "worker                     run the job worker alone (needs DATABASE_URL; JOB_POLL_MS, JOB_LEASE_MS, …)",
  migrate: "migrate                    apply pending database migrations and exit",
  seed: "seed [--telemetry --orgs N --playouts N --days N]\n                             add the demo data (once: a second run adds nothing); --telemetry: N days of telemetry of N playouts (in total) over N organizations",
  token: "token --org ORG [--org ORG2] [--role viewer|editor|admin|playout] [--sub USER] [--expires 30d]\n                             print a bearer token signed with the configured secret",
  schema: "schema [--check]           write schema.graphql from the code (--check: fail when it differs)",
  jobs: JOBS_HELP,
  import: IMPORT_HELP,
  export: EXPORT_HELP,
  asrun: ASRUN_HELP,
};

function usage(): string {
  return `Usage: playout-gateway <command> [options]\n\nCommands:\n${Object.values(HELP).map((h) => "  " + h).join("\n")}\n\n${EXIT_HELP}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(usage());
    return command ? 0 : 2;
  }
  if (!HELP[command]) {
    process.stderr.write(`Unknown command "${command}".\n\n${usage()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(`Usage: playout-gateway ${HELP[command]}\n${command === "import" || command === "export" || command === "jobs" || command === "asrun" ? `\n${EXIT_HELP}\n` : ""}`);
    return 0;
  }
  switch (command) {
    case "serve": {
      const starting = startService(loadConfig());
      stopOnSignals(starting); // before the start completes: the server listens before it returns
      await starting;
      return -1; // keep running
    }
    case "worker":
      return runWorkerCommand(loadConfig(), createJobRegistry());
    case "import":
      return importCommand(rest, loadConfig());
    case "export":
      return exportCommand(rest, loadConfig());
    case "asrun":
      return asRunCommand(rest, loadConfig());
    case "migrate": {
      const config = loadConfig();
      const direct = config.databaseMigrationUrl !== undefined;
      const db = await openDatabase({ databaseUrl: config.databaseMigrationUrl ?? config.databaseUrl, dataDir: config.dataDir, poolMode: direct ? "session" : config.dbPoolMode });
      try {
        await runMigrations(db);
        process.stdout.write("migrations applied\n");
      } finally {
        await db.close();
      }
      return 0;
    }
    case "seed": {
      const config = loadConfig();
      const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMode: config.dbPoolMode });
      try {
        await runMigrations(db);
        const telemetry = telemetrySeedOptions(rest);
        if (telemetry) {
          process.stdout.write(`seeded ${JSON.stringify(await seedTelemetryFromCli(db.db, telemetry))}\n`);
          return 0;
        }
        const demo = await seedDemoOnce(db.db);
        if ("present" in demo) process.stdout.write(`demo data already present (organization "${DEMO_ORGANIZATION}" has ${plural(demo.present, "schedule")}): nothing added\n`);
        else process.stdout.write(`seeded ${JSON.stringify(demo.seeded)}\n`);
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
        process.stderr.write("token: --org is required (use --org '*' for every organization)\n");
        return 2;
      }
      if (!ROLES.includes(values.role as Role)) {
        process.stderr.write(`token: --role must be one of ${ROLES.join(", ")}\n`);
        return 2;
      }
      if (process.env.DATABASE_URL && !process.env.AUTH_SECRET) {
        process.stderr.write("token: DATABASE_URL is set but AUTH_SECRET is not: a service on PostgreSQL checks tokens with its AUTH_SECRET, so sign with the same one (AUTH_SECRET=… npm run token -- --org ORG); a service with only AUTH_JWKS_URL takes its identity provider's tokens instead\n");
        return 2;
      }
      const config = loadConfig();
      if (!config.authSecret) {
        process.stderr.write(`token: signed with the embedded secret of ${config.dataDir} (as \`npm start\` without AUTH_SECRET uses); a service started with AUTH_SECRET rejects it: set the same AUTH_SECRET here\n`);
      }
      const secret = config.authSecret ?? embeddedSecret(config.dataDir);
      const token = await signToken(secret, { sub: values.sub!, orgs: values.org, role: values.role as Role }, values.expires);
      // Never print a token the service would refuse (life over TOKEN_MAX_LIFE_SECONDS, bad --org).
      try {
        await verifyToken(secret, token, { maxLifeSeconds: config.tokenMaxLifeSeconds, clockSkewSeconds: config.tokenClockSkewSeconds });
      } catch (error) {
        process.stderr.write(`token: the service would refuse this token: ${(error as Error).message.replace(/^Bearer token rejected: /, "")}\n`);
        return 2;
      }
      process.stdout.write(token + "\n");
      return 0;
    }
    case "jobs":
      return jobsCommand(rest, loadConfig());
    case "schema": {
      const { values } = parseArgs({ args: rest, options: { check: { type: "boolean", default: false }, out: { type: "string", default: "schema.graphql" } } });
      const sdl = await printGraphQLSchema();
      if (values.check) {
        const current = existsSync(values.out!) ? readFileSync(values.out!, "utf8") : "";
        if (current !== sdl) {
          process.stderr.write(`${values.out} differs from the schema the code emits: run \`npm run schema\` and commit it\n`);
          return 1;
        }
        process.stdout.write(`${values.out} is up to date\n`);
        return 0;
      }
      writeFileSync(values.out!, sdl);
      process.stdout.write(`wrote ${values.out}\n`);
      return 0;
    }
  }
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error) => {
    process.stderr.write(describeFatalError(error) + "\n");
    process.exit(exitCodeOf(error));
  },
);
