// Typed clients: the graphql-codegen config of docs/CLIENTS.md (docs/clients/codegen.ts), run on
// schema.graphql and the GraphiQL examples, gives code that compiles with tsc --strict, with every
// custom scalar mapped (strictScalars fails the generation on one that is not).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generate } from "@graphql-codegen/cli";
import { buildSchema, isScalarType, isSpecifiedScalarType } from "graphql";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import config, { SCALARS } from "../../docs/clients/codegen.js";
import { selectExamples } from "../../src/server/graphiql/examples.js";

// Under node_modules/.cache so that the generated code finds its imports (@graphql-typed-document-node/core) as a frontend would.
const cacheDir = join(process.cwd(), "node_modules", ".cache");
let workDir: string | undefined;
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("graphql-codegen with the documented config", () => {
  it("maps every custom scalar of the schema", async () => {
    const schema = buildSchema(await readFile("schema.graphql", "utf8"));
    const custom = Object.values(schema.getTypeMap()).filter((t) => isScalarType(t) && !isSpecifiedScalarType(t) && !t.name.startsWith("__"));
    expect(custom.map((t) => t.name).sort()).toEqual(Object.keys(SCALARS).sort());
  });

  it("generates typed documents of the GraphiQL examples that compile with tsc --strict", async () => {
    await mkdir(cacheDir, { recursive: true });
    workDir = await mkdtemp(join(cacheDir, "codegen-"));
    const schema = buildSchema(await readFile("schema.graphql", "utf8"));
    const examples = selectExamples(schema).shown;
    expect(examples.length).toBeGreaterThan(10);
    await mkdir(join(workDir, "operations"));
    for (const [i, example] of examples.entries()) await writeFile(join(workDir, "operations", `${i}.graphql`), example.query);
    // Where the scalars map shows (the client preset writes no `Scalars` type): in the operations'
    // types, as docs/CLIENTS.md "Typed clients" shows them for this operation.
    await writeFile(join(workDir, "operations", "scalars.graphql"), `query ScalarsShown($id: ID!, $from: DateTime) { job(id: $id) { id dateCreated } schedules(filter: { startDateFrom: $from }) { totalElements } }`);

    const output = join(workDir, "gql") + "/";
    const [target] = Object.values(config.generates);
    await generate({ ...config, schema: "schema.graphql", documents: [join(workDir, "operations", "*.graphql")], generates: { [output]: target } }, true);

    // A frontend's use of one typed document: its variables and result are typed.
    await writeFile(
      join(workDir, "use.ts"),
      `import { SchedulesDocument, type SchedulesQuery, type ScalarsShownQuery, type ScalarsShownQueryVariables } from "./gql/graphql";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
const document: TypedDocumentNode<SchedulesQuery, Record<string, never>> = SchedulesDocument;
const total = (data: SchedulesQuery): number => data.schedules.totalElements;
const starts = (data: SchedulesQuery): (string | null)[] => data.schedules.content.map((s) => s.startDate);
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const idIsString: Equal<ScalarsShownQueryVariables["id"], string> = true;
const dateTimeSent: Equal<NonNullable<ScalarsShownQueryVariables["from"]>, string | Date> = true;
const dateTimeAnswered: Equal<NonNullable<ScalarsShownQuery["job"]>["dateCreated"], string> = true;
export { document, total, starts, idIsString, dateTimeSent, dateTimeAnswered };
`,
    );
    const program = ts.createProgram([join(workDir, "use.ts"), join(workDir, "gql", "index.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(errors).toEqual([]);
    expect(await readFile(join(workDir, "gql", "graphql.ts"), "utf8")).not.toMatch(/\bScalars\b/);
  });
});
