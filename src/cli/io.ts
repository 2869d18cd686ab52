// What a command reads and writes of the world, handed to it instead of taken from `process`: the
// program passes its own (program.ts), a caller in the same process its buffers, environment and
// folder (runCli in run.ts; the tests).

export interface CliIo {
  /** The result: ids, paths, tables, a downloaded file (`--out -`, piped: hence a stream). */
  stdout: NodeJS.WritableStream;
  /** Progress, warnings, errors; a terminal (`isTTY`) gets a progress bar instead of lines. */
  stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  /** The settings src/config.ts reads: the process's environment for the program. */
  env: Record<string, string | undefined>;
  /** The folder the relative paths of the arguments (a file to import, --out) are taken from. */
  cwd: string;
}
