// The boundary rules must keep failing on what they forbid: if a change to eslint.config.js or to
// tools/import-cycles.ts made them blind, these tests say so (docs/ARCHITECTURE.md "Boundaries").
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { checkImports, FLOORS, floorCrossings, importCycles, importSpecifiers, roomViolations, runtimeSpecifiers, SERVER_ROOMS } from "../../tools/import-cycles.js";

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

  it("reports another slice's internals taken as types: import type, export type, import() types", async () => {
    for (const code of [
      'import type { AssetService } from "../assets/service.js";\nexport type S = AssetService;\n',
      'import { type AssetService } from "../assets/service.js";\nexport type S = AssetService;\n',
      'export type { AssetService } from "../assets/service.js";\n',
      'export type S = typeof import("../assets/service.js");\n',
      'export type S = import("../../assets/tables.js").AssetRow;\n',
    ]) {
      const file = code.includes("../../") ? "src/io/formats/fixture.ts" : "src/reporting/fixture.ts";
      expect(await boundaryErrors(code, file), code).toEqual([expect.stringContaining("public surface")]);
    }
  });

  it("accepts types taken through the slice's index.ts", async () => {
    expect(await boundaryErrors('import type { AssetService } from "../assets/index.js";\nexport type S = AssetService | typeof import("../assets/index.js");\n', "src/reporting/fixture.ts")).toEqual([]);
  });

  it("reports a slice importing the composition root, statically or with import()", async () => {
    expect(await boundaryErrors('import type { Services } from "../server/services.js";\nexport type S = Services;\n', "src/telemetry/fixture.ts")).toEqual([
      expect.stringContaining("composition root"),
    ]);
    expect(await boundaryErrors('export const schema = () => import("../server/schema.js");\n', "src/io/fixture.ts")).toEqual([expect.stringContaining("composition root")]);
  });

  it("knows every folder of src/ (a folder it does not list would go unchecked)", async () => {
    const config = "../../eslint.config.js"; // plain JavaScript, without types
    const { SHARED, SLICES } = (await import(config)) as { SHARED: string[]; SLICES: string[] };
    const folders = readdirSync(join(import.meta.dirname, "../../src"), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== "types").map((e) => e.name);
    expect(folders.filter((f) => !SLICES.includes(f) && !SHARED.includes(f))).toEqual([]);
  });

  it("lets the composition root import any slice's modules", async () => {
    expect(await boundaryErrors('import { AssetService } from "../assets/service.js";\nexport const s = AssetService;\n', "src/server/fixture.ts")).toEqual([]);
  });
});

/** A tree of modules under a fresh folder: path → text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "imports-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("import cycles (tools/import-cycles.ts)", () => {
  it("finds a cycle closed by a dynamic import, and ignores type-only imports", () => {
    const root = tree({
      "a/x.ts": 'import { y } from "../b/y.js";\nexport const x = () => y;\n',
      "b/y.ts": 'export const y = () => import("../a/x.js");\n',
      "b/z.ts": 'import type { x } from "../a/x.js";\nexport type Z = typeof x;\n',
      "a/w.ts": 'import { type z } from "../b/z.js";\nexport type W = z;\n',
    });
    expect(importCycles(root)).toEqual([["a/x.ts", "b/y.ts"]]);
  });

  it("reads static, re-exported and dynamic specifiers, not type-only ones", () => {
    const text = 'import a from "./a.js";\nimport type { B } from "./b.js";\nimport { type C } from "./c.js";\nexport * from "./d.js";\nexport type { E } from "./e.js";\nconst f = import("./f.js");\ntype G = typeof import("./g.js");\n';
    expect(runtimeSpecifiers(text)).toEqual(["./a.js", "./d.js", "./f.js"]);
    expect(importSpecifiers(text, "m.ts", { types: true })).toEqual(["./a.js", "./b.js", "./c.js", "./d.js", "./e.js", "./f.js", "./g.js"]);
  });

  it("with type imports counted, finds a circle of types: import type, export type, import() types", () => {
    const root = tree({
      "a/x.ts": 'import type { Y } from "../b/y.js";\nexport type X = Y[];\n',
      "b/y.ts": 'export type { Z as Y } from "./z.js";\n',
      "b/z.ts": 'export type Z = typeof import("../a/x.js");\n',
      "b/alone.ts": 'import type { X } from "../a/x.js";\nexport type A = X;\n',
    });
    expect(importCycles(root)).toEqual([]);
    expect(importCycles(root, { types: true })).toEqual([["a/x.ts", "b/y.ts", "b/z.ts"]]);
  });
});

describe("floors (tools/import-cycles.ts)", () => {
  const floors = [["pure"], ["common"], ["assets", "telemetry"], ["server"]];
  const planted = () =>
    tree({
      "pure/rule.ts": "export const rule = 1;\n",
      "common/ok.ts": 'import { rule } from "../pure/rule.js";\nexport const ok = rule;\n',
      "common/up.ts": 'import type { Asset } from "../assets/index.js";\nexport type Up = Asset;\n',
      "common/up-too.ts": 'export type Up = typeof import("../server/index.js");\n',
      "assets/index.ts": 'import { ok } from "../common/ok.js";\nimport type { T } from "../telemetry/index.js";\nexport type Asset = T;\nexport const a = ok;\n',
      "telemetry/index.ts": "export type T = number;\n",
      "server/index.ts": 'import { a } from "../assets/index.js";\nexport const s = a;\n',
    });

  it("reports an import from a lower floor into a higher one, type imports included, and accepts the floor itself and those below", () => {
    expect(floorCrossings(planted(), floors)).toEqual({
      crossings: [
        { from: "common/up-too.ts", to: "server/index.ts" },
        { from: "common/up.ts", to: "assets/index.ts" },
      ],
      unplaced: [],
    });
  });

  it("reports a folder that has no floor", () => {
    const root = tree({ "newslice/x.ts": 'import { rule } from "../pure/rule.js";\nexport const x = rule;\n', "pure/rule.ts": "export const rule = 1;\n" });
    expect(floorCrossings(root, floors).unplaced).toEqual(["newslice"]);
  });

  it("fails only on what the baselines do not cover, and on a baseline entry that matches nothing", () => {
    const root = planted();
    const none = checkImports(root, { floorCrossings: {}, typeCycles: [] }, floors);
    expect(none.newCrossings).toHaveLength(2);
    const known = checkImports(root, { floorCrossings: { "common/up.ts": ["assets"], "common/up-too.ts": ["server"], "common/ok.ts": ["assets"] }, typeCycles: [] }, floors);
    expect(known.newCrossings).toEqual([]);
    expect(known.stale).toEqual(["KNOWN_FLOOR_CROSSINGS: common/ok.ts → assets/"]);
  });

  it("reports a new circle of type imports, not one whose only climb is a known crossing or one in KNOWN_TYPE_CYCLES", () => {
    const root = tree({
      "common/ctx.ts": 'import type { Service } from "../assets/index.js";\nexport interface Ctx { s: Service }\n',
      "assets/index.ts": 'import type { Ctx } from "../common/ctx.js";\nexport type Service = (ctx: Ctx) => void;\n',
      "assets/a.ts": 'import type { B } from "./b.js";\nexport type A = B;\n',
      "assets/b.ts": 'import type { A } from "./a.js";\nexport type B = A | 1;\n',
    });
    const report = (floorCrossings: Record<string, string[]>, typeCycles: string[][]) => checkImports(root, { floorCrossings, typeCycles }, floors);
    expect(report({}, []).typeCycles).toHaveLength(2);
    expect(report({}, []).newTypeCycles).toEqual([["assets/a.ts", "assets/b.ts"], ["assets/index.ts", "common/ctx.ts"]]);
    expect(report({ "common/ctx.ts": ["assets"] }, []).newTypeCycles).toEqual([["assets/a.ts", "assets/b.ts"]]);
    const covered = report({ "common/ctx.ts": ["assets"] }, [["assets/a.ts", "assets/b.ts", "assets/gone.ts"]]);
    expect([covered.newTypeCycles, covered.newCrossings, covered.stale]).toEqual([[], [], []]);
    expect(report({ "common/ctx.ts": ["assets"] }, [["assets/a.ts", "assets/b.ts"], ["jobs/x.ts", "jobs/y.ts"]]).stale).toEqual(["KNOWN_TYPE_CYCLES: jobs/x.ts, jobs/y.ts"]);
  });

  it("places every folder of src/, and src/ has no cycle at run time and nothing new against the baselines", () => {
    expect(FLOORS.flat().length).toBe(new Set(FLOORS.flat()).size);
    const report = checkImports(join(import.meta.dirname, "../../src"));
    expect({ runtime: report.runtimeCycles, cycles: report.newTypeCycles, crossings: report.newCrossings, unplaced: report.unplaced, stale: report.stale }).toEqual({
      runtime: [],
      cycles: [],
      crossings: [],
      unplaced: [],
      stale: [],
    });
  });
});

describe("rooms of the composition root (tools/import-cycles.ts SERVER_ROOMS)", () => {
  it("reports an import up a room, past a room's index.ts, from a room into the root's own modules, and into src/server/ from outside but its index.ts", () => {
    const root = tree({
      "server/http/route.ts": "export const route = 1;\n",
      "server/http/index.ts": 'export { route } from "./route.js";\n',
      "server/http/up.ts": 'import type { Plan } from "../graphql/index.js";\nexport type Up = Plan;\n',
      "server/graphql/plan.ts": 'import { route } from "../http/route.js";\nexport type Plan = number;\nexport const p = route;\n',
      "server/graphql/index.ts": 'import { route } from "../http/index.js";\nexport type { Plan } from "./plan.js";\nexport const g = route;\n',
      "server/graphql/root.ts": 'import { app } from "../app.js";\nexport const r = app;\n',
      "server/app.ts": 'import { g } from "./graphql/index.js";\nexport const app = g;\n',
      "server/index.ts": 'export { app } from "./app.js";\n',
      "cli/run.ts": 'import { app } from "../server/index.js";\nimport { route } from "../server/http/route.js";\nexport const run = [app, route];\n',
    });
    expect(roomViolations(root, ["http", "graphql"]).map((v) => `${v.from} → ${v.to}`)).toEqual([
      "cli/run.ts → server/http/route.ts",
      "server/graphql/plan.ts → server/http/route.ts",
      "server/graphql/root.ts → server/app.ts",
      "server/http/up.ts → server/graphql/index.ts",
    ]);
  });

  it("places every room of src/server/", () => {
    const rooms = readdirSync(join(import.meta.dirname, "../../src/server"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(rooms.filter((room) => !SERVER_ROOMS.includes(room))).toEqual([]);
  });
});
