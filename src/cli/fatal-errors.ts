import { ConfigError } from "../config.js";

const DATABASE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "28P01", "28000", "3D000", "57P03"]);

/**
 * The message of a bad option (node:util parseArgs, ERR_PARSE_ARGS_*) as the command says it.
 * Node's unknown-option message of a command that takes positionals leaves the last quote of its
 * example open ("… after '--', as in '-- \"--bogus\"", Node 20): closed here, and left
 * alone once Node closes it.
 */
export function badOptionMessage(error: Error): string {
  const message = /as in '-- "(?:[^"\\]|\\.)*"$/.test(error.message) ? `${error.message}'` : error.message;
  return `${message} (see --help)`;
}

/** One line a person can act on, for an error that stops a command. */
export function describeFatalError(error: unknown): string {
  if (String((error as NodeJS.ErrnoException)?.code).startsWith("ERR_PARSE_ARGS")) return badOptionMessage(error as Error);
  if (error instanceof ConfigError) return error.message;
  // drizzle wraps driver errors ("Failed query: …"); the cause says what went wrong.
  for (let e: any = error; e; e = e.cause) {
    if (DATABASE_CODES.has(e.code) || /ECONNREFUSED|ENOTFOUND|password authentication|database .* does not exist/.test(String(e.message))) {
      return `Cannot reach the database (DATABASE_URL): ${e.message || e.code}`;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** 2 for a usage error, the code a remote command chose, else 1. */
export function exitCodeOf(error: unknown): number {
  const code = (error as { code?: string; exitCode?: number } | null)?.code;
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS")) return 2;
  const exitCode = (error as { exitCode?: number } | null)?.exitCode;
  return typeof exitCode === "number" ? exitCode : 1;
}
