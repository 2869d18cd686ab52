// The command line as a function: `runCli(argv, io)` runs one command with the streams,
// environment and folder it is given (io.ts) and answers its exit code. The program (program.ts,
// run by bin/playout-gateway.mjs and index.ts) gives it the process's own; tests call it in their
// process instead of starting one per command.
import { describeFatalError, exitCodeOf } from "./fatal-errors.js";
import { ASRUN_HELP, EXIT_HELP, EXPORT_HELP, GENERATE_HELP, IMPORT_HELP, JOBS_HELP } from "./help.js";
import type { CliIo } from "./io.js";

export type { CliIo } from "./io.js";

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
  generate: GENERATE_HELP,
};

function usage(): string {
  return `Usage: playout-gateway <command> [options]\n\nCommands:\n${Object.values(HELP).map((h) => "  " + h).join("\n")}\n\n${EXIT_HELP}\n`;
}

/**
 * Runs `argv` (the arguments after the program's name) and answers the exit code, or -1 when the
 * command keeps running (serve). An error that stops the command is written to io.stderr as one
 * line and answered as its exit code (fatal-errors.ts), as the program exits with it.
 *
 * serve and worker belong to a process of their own: they stop on its signals and end it
 * (src/main.ts stopOnSignals, src/jobs/cli.ts), and say what they do on its stderr.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch([...argv], io);
  } catch (error) {
    io.stderr.write(describeFatalError(error) + "\n");
    return exitCodeOf(error);
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    io.stdout.write(usage());
    return command ? 0 : 2;
  }
  if (!HELP[command]) {
    io.stderr.write(`Unknown command "${command}".\n\n${usage()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout.write(`Usage: playout-gateway ${HELP[command]}\n${["import", "export", "jobs", "asrun", "generate"].includes(command) ? `\n${EXIT_HELP}\n` : ""}`);
    return 0;
  }
  // Loaded only now: `--help` and a mistyped command cost no service start-up.
  const { runCommand } = await import("./commands.js");
  return runCommand(command, rest, io);
}
