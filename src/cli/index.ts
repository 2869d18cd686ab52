#!/usr/bin/env node
// The command line: `playout-gateway <command> [options]`; npm scripts call the same commands.
import { describeFatalError, exitCodeOf } from "./errors.js";
import { ASRUN_HELP, EXIT_HELP, EXPORT_HELP, IMPORT_HELP, JOBS_HELP } from "./help.js";

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
  // Loaded only now: `--help` and a mistyped command cost no service start-up.
  const { runCommand } = await import("./commands.js");
  return runCommand(command, rest);
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
