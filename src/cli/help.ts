// The help texts of the command line, in a module of their own that imports nothing: `--help`
// answers without loading the service (src/cli/index.ts loads the commands only to run one).

export const EXIT_HELP = `Exit codes: 0 done; 1 the job failed or was canceled, or the service erred; 2 bad options;
  3 the service refused the request (bad file or argument, too large, not found, not allowed); 4 the service cannot be reached.`;

const COMMON = `--url URL (default http://localhost:$PORT) --token JWT (default: signed with the local secret for --org)
                             --org ORG (the organization acted in; default "demo" on the embedded database) --quiet (no progress)`;

export const IMPORT_HELP = `import <file> [--name NAME] [--fps N] [--format csv|json|xmltv|bxf] [--channel C] [--time-zone ZONE] [--day-start HH:MM] [--sync] ${COMMON}
                             import a schedule (docs/FORMATS.md); prints the new schedule's id and name;
                             --time-zone and --day-start set the new schedule's zone and broadcast day
                             (BXF's local times are read in them)`;
export const EXPORT_HELP = `export <scheduleId> [--format xmltv|json|bxf] [--bxf-version 2017|2008] [--out FILE|-] ${COMMON}
                             export a schedule through a job and download the file; prints the file's path`;

export const JOBS_HELP = `jobs [--status pending|processing|succeeded|failed|canceled]… [--watch ID] [--url URL] [--token JWT] [--org ORG] [--quiet]
                             list jobs, or follow one with its progress until it ends (exit 0 SUCCEEDED, 1 FAILED or CANCELED)`;

export const ASRUN_HELP = `asrun import <file> --schedule ID [--format csv|bxf] | asrun export <scheduleId> [--format csv|json|bxf] [--from ISO] [--to ISO]
                             [--tolerance MS] [--out FILE|-] [--url URL] [--token JWT] [--org ORG] [--quiet]; import stores an as-run CSV or
                             BXF AsRun message (docs/ASRUN.md; by default the file's extension, else its content, says which) through a job,
                             signing a playout token when none is given, and prints what it stored; export downloads the reconciliation`;

export const GENERATE_HELP = `generate --template ID --schedule ID --from YYYY-MM-DD --days N [--seed N] [--url URL] [--token JWT] [--org ORG] [--quiet]
                             generate N broadcast days (1 to 31) of a template into a new change set of the schedule
                             through a job (docs/TEMPLATES.md); prints the change set's id and the job's messages`;
