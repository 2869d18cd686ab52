/** The built CLI's module (dist/cli/index.js). */
export declare const BUILT_CLI: URL;
/** The built module the launcher runs the command line from (dist/cli/program.js). */
export declare const BUILT_PROGRAM: URL;
/** Why the build cannot run in place of the sources, or null when it can. */
export declare function staleBuildReason(): string | null;
