// graphql-codegen for a frontend of this service (docs/CLIENTS.md "Typed clients"): copy it into
// the frontend as codegen.ts, point `schema` at this repository's schema.graphql (or the running
// service's /graphql with a token), and run `npx graphql-codegen`. test/clients/codegen.test.ts
// runs it on the GraphiQL examples and compiles the result with tsc --strict.
import type { CodegenConfig } from "@graphql-codegen/cli";

/** Every custom scalar of the schema as TypeScript sees it, as sent (input) and as answered (output). */
export const SCALARS = {
  DateTime: { input: "string | Date", output: "string" },
  SafeInt: { input: "number", output: "number" },
  JSON: { input: "unknown", output: "unknown" },
  JSONObject: { input: "Record<string, unknown>", output: "Record<string, unknown>" },
  Timecode: { input: "string", output: "string" },
  Upload: { input: "Blob", output: "never" },
};

const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["src/**/*.{ts,tsx,graphql}"],
  ignoreNoDocuments: true,
  generates: {
    "src/gql/": {
      preset: "client",
      config: {
        // ID as a string both ways (the service's ids are numbers written as strings); without
        // this line an ID variable is typed `string | number`.
        scalars: { ID: { input: "string", output: "string" }, ...SCALARS },
        // An unmapped custom scalar (a new one in the schema) fails the generation instead of becoming `any`.
        strictScalars: true,
        useTypeImports: true,
        enumsAsTypes: true,
      },
    },
  },
};

export default config;
