import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Boundaries (docs/ARCHITECTURE.md "Boundaries"). A slice uses another slice only through that
// slice's index.ts (its public surface), never its store, tables, service, …; no slice imports
// src/server/ (the composition root). src/common/, src/db/ and src/config.ts are shared by all.
// Type imports count like any other (`import type`, `export type … from`, `typeof import("…")`).
// The import graph as a whole is checked by tools/import-cycles.ts, also run by `npm run lint`:
// no cycle (type imports counted) and no import from a lower floor into a higher one (its FLOORS:
// pure rules, shared modules, slices in three floors, seed, then the composition root and commands).
export const SLICES = ["assets", "asrun", "changesets", "checks", "cli", "collections", "events", "history", "io", "jobs", "localtime", "reporting", "schedules", "scte35", "seed", "server", "telemetry", "templates", "timecode", "timeline", "traffic"];
// Not a slice: shared by every slice, any module may be imported.
export const SHARED = ["common", "db"];
// May import any slice's modules: the composition root wires resolvers, services, loaders and
// job handlers; src/db/schema.ts lists every table.
const ROOTS = ["server"];
// Empty since uow stage 4 landed; a slice listed here would be open to all and unchecked:
// these slices' modules stay importable by others, and their own imports are not checked.
const OPEN_FOR_NOW = [];
// The imports of another slice's internals that stay, each for its reason.
const KNOWN_EXCEPTIONS = {
  // Foreign keys: Drizzle declares a reference with the other table's column itself. Nothing else
  // of those tables is used (every statement on them stays in their owner's store).
  "src/asrun/tables.ts": ["schedules/store/tables"], // as_run_entries.schedule_id → schedules.id
  "src/history/tables.ts": ["schedules/store/tables"], // the history tables' schedule_id → schedules.id
  "src/io/tables.ts": ["jobs/tables"], // import_uploads.job_id → jobs.id (pieces go with their job)
  "src/templates/tables.ts": ["schedules/store/tables"], // template_slot_positions.schedule_id → schedules.id
  // The demo's jobs are written by the job engine's own seeding module, kept off its public
  // surface: through jobs/index.ts the engine would load the schedule aggregate (the demo archive),
  // which itself uses the engine.
  "src/seed/demo.ts": ["jobs/seed"],
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The import specifiers a file `depth` folders below src/ must not use to reach `target`'s internals. */
function forbiddenInternals(depth, own, exceptions = []) {
  const up = depth === 0 ? "\\./" : `(?:\\.\\./){${depth}}`;
  // Only the CLI may use the root (through its index.ts); for every other slice the second pattern forbids it whole.
  const rootOpen = own === "server" || own === "cli" || depth === 0;
  const closed = SLICES.filter((s) => s !== own && !OPEN_FOR_NOW.includes(s) && (rootOpen || s !== "server"));
  const allowed = exceptions.map((e) => `(?!${escape(e)}\\.js$)`).join("");
  return [
    {
      regex: `^${up}${allowed}(?:${closed.join("|")})/(?!index\\.js$)`,
      message: "Import another slice only through its index.ts (its public surface): see docs/ARCHITECTURE.md \"Boundaries\".",
    },
    ...(rootOpen
      ? []
      : [{ regex: `^${up}server/`, message: "Slices must not import the composition root (src/server/): take what you need from src/common/ or have it injected." }]),
  ];
}
// The same restriction on dynamic import("…") and on import("…") types (`typeof import("…")`), which
// no-restricted-imports does not see. (It does see `import type` and `export type … from`: type
// imports count, there is no allowTypeImports.)
const dynamicImports = (patterns) =>
  patterns.flatMap((p) => {
    const regex = `/${p.regex.replaceAll("/", "\\x2F")}/`;
    return [
      { selector: `ImportExpression > Literal[value=${regex}]`, message: p.message },
      { selector: `TSImportType[source.value=${regex}]`, message: p.message },
    ];
  });

// A slice's index.ts names what it exports: `export *` would put every export of a module on the
// surface, unseen (and whatever that module exports later). Every src/*/index.ts, slices, root and
// shared folders alike. ESLint does not merge two no-restricted-syntax entries that match one file
// (the later replaces the earlier): each index.ts gets an entry of its own, after its folder's, that
// repeats the folder's boundary selectors (dynamicImports) next to this one.
const NO_EXPORT_ALL = {
  selector: "ExportAllDeclaration",
  message: "A slice's index.ts names what it exports: no `export *` (list the names other modules import, grouped as in src/schedules/index.ts).",
};
const surfaceRule = (slice, patterns) => ({ files: [`src/${slice}/index.ts`], rules: { "no-restricted-syntax": ["error", ...dynamicImports(patterns), NO_EXPORT_ALL] } });

function boundaries() {
  const configs = [];
  for (const slice of SLICES) {
    if (ROOTS.includes(slice) || OPEN_FOR_NOW.includes(slice)) continue;
    for (let depth = 1; depth <= 4; depth++) {
      const files = [`src/${slice}/${"*/".repeat(depth - 1)}*.ts`];
      const exceptionFiles = Object.keys(KNOWN_EXCEPTIONS).filter((f) => f.startsWith(`src/${slice}/`) && f.split("/").length === depth + 2);
      const patterns = forbiddenInternals(depth, slice);
      configs.push({ files, ignores: exceptionFiles, rules: { "no-restricted-imports": ["error", { patterns }], "no-restricted-syntax": ["error", ...dynamicImports(patterns)] } });
      if (depth === 1) configs.push(surfaceRule(slice, patterns));
      for (const file of exceptionFiles) {
        const own = forbiddenInternals(depth, slice, KNOWN_EXCEPTIONS[file]);
        configs.push({ files: [file], rules: { "no-restricted-imports": ["error", { patterns: own }], "no-restricted-syntax": ["error", ...dynamicImports(own)] } });
      }
    }
  }
  // The open slices still may not import the composition root.
  for (const slice of OPEN_FOR_NOW) {
    for (let depth = 1; depth <= 4; depth++) {
      const patterns = forbiddenInternals(depth, slice).filter((p) => p.regex.includes("server/"));
      configs.push({ files: [`src/${slice}/${"*/".repeat(depth - 1)}*.ts`], rules: { "no-restricted-imports": ["error", { patterns }], "no-restricted-syntax": ["error", ...dynamicImports(patterns)] } });
      if (depth === 1) configs.push(surfaceRule(slice, patterns));
    }
  }
  // The composition root has no boundary selectors of its own, but its index.ts names its exports too.
  for (const root of ROOTS) configs.push(surfaceRule(root, []));
  // Shared modules may use slices' public surfaces only, and never the root.
  for (const shared of SHARED) {
    for (let depth = 1; depth <= 4; depth++) {
      const files = [`src/${shared}/${"*/".repeat(depth - 1)}*.ts`];
      const patterns = forbiddenInternals(depth, shared);
      // src/db/schema.ts lists every table.
      configs.push({ files, ignores: ["src/db/schema.ts"], rules: { "no-restricted-imports": ["error", { patterns }], "no-restricted-syntax": ["error", ...dynamicImports(patterns)] } });
      if (depth === 1) configs.push(surfaceRule(shared, patterns));
    }
  }
  return configs;
}


export default tseslint.config(
  { ignores: ["node_modules", "dist", "dist-*", "data", "drizzle", "coverage", "public/graphiql"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { prefer: "type-imports", fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  ...boundaries(),
);
