// The boundary rules must keep failing on what they forbid: if a change to eslint.config.js or to
// tools/import-cycles.ts made them blind, these tests say so (docs/ARCHITECTURE.md "Boundaries").
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { importCycles, runtimeSpecifiers } from "../../tools/import-cycles.js";

const eslint = new ESLint({ cwd: join(import.meta.dirname, "../..") });

/** The boundary messages eslint gives `code` as if it were the file `filePath` of the repository. */
async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("slice boundaries (eslint)", () => {
  it("reports another slice's internals imported from outside it", async () => {
    const errors = await boundaryErrors('import { AssetService } from "../assets/service.js";\nexport const s = AssetService;\n', "src/reporting/fixture.ts");
    expect(errors).toEqual([expect.stringContaining("public surface")]);
  });

  it("reports a slice's tables imported from a subfolder of another slice", async () => {
    const errors = await boundaryErrors('import { telemetrySamples } from "../../telemetry/tables.js";\nexport const t = telemetrySamples;\n', "src/io/formats/fixture.ts");
    expect(errors).toEqual([expect.stringContaining("public surface")]);
  });

  it("accepts the same names taken through the slice's index.ts", async () => {
    expect(await boundaryErrors('import { AssetService } from "../assets/index.js";\nexport const s = AssetService;\n', "src/reporting/fixture.ts")).toEqual([]);
  });

  it("reports a slice importing the composition root, statically or with import()", async () => {
    expect(await boundaryErrors('import type { Services } from "../server/services.js";\nexport type S = Services;\n', "src/telemetry/fixture.ts")).toEqual([
      expect.stringContaining("composition root"),
    ]);
    expect(await boundaryErrors('export const schema = () => import("../server/schema.js");\n', "src/io/fixture.ts")).toEqual([expect.stringContaining("composition root")]);
  });

  it("lets the composition root import any slice's modules", async () => {
    expect(await boundaryErrors('import { AssetService } from "../assets/service.js";\nexport const s = AssetService;\n', "src/server/fixture.ts")).toEqual([]);
  });
});

describe("import cycles (tools/import-cycles.ts)", () => {
  it("finds a cycle closed by a dynamic import, and ignores type-only imports", () => {
    const root = mkdtempSync(join(tmpdir(), "cycles-"));
    mkdirSync(join(root, "a"));
    mkdirSync(join(root, "b"));
    writeFileSync(join(root, "a/x.ts"), 'import { y } from "../b/y.js";\nexport const x = () => y;\n');
    writeFileSync(join(root, "b/y.ts"), 'export const y = () => import("../a/x.js");\n');
    writeFileSync(join(root, "b/z.ts"), 'import type { x } from "../a/x.js";\nexport type Z = typeof x;\n');
    writeFileSync(join(root, "a/w.ts"), 'import { type z } from "../b/z.js";\nexport type W = z;\n');
    expect(importCycles(root)).toEqual([["a/x.ts", "b/y.ts"]]);
  });

  it("reads static, re-exported and dynamic specifiers, not type-only ones", () => {
    const text = 'import a from "./a.js";\nimport type { B } from "./b.js";\nimport { type C } from "./c.js";\nexport * from "./d.js";\nexport type { E } from "./e.js";\nconst f = import("./f.js");\n';
    expect(runtimeSpecifiers(text)).toEqual(["./a.js", "./d.js", "./f.js"]);
  });

  it("finds none under src/", () => {
    expect(importCycles(join(import.meta.dirname, "../../src"))).toEqual([]);
  });
});
