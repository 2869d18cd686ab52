// docs/ARCHITECTURE.md describes today's code: every file it names exists, and every file of
// src/server/ is named in "The serving layer", in the row of its room.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const DOC = readFileSync(join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
const SEARCHED = ["src", "test", "tools", "bench", "bin"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(path);
    return [relative(ROOT, path).split("\\").join("/")];
  });
}

const ALL_FILES = SEARCHED.flatMap((dir) => filesUnder(join(ROOT, dir)));

/** Whether a name the page gives (a path from the root, or a path within a folder it speaks of) is a file. */
function names(token: string): boolean {
  const candidates = token.endsWith(".js") ? [token, token.replace(/\.js$/, ".ts")] : [token];
  return candidates.some((name) => existsSync(join(ROOT, name)) || ALL_FILES.some((file) => file.endsWith(`/${name}`)));
}

describe("docs/ARCHITECTURE.md", () => {
  it("names only files that exist", () => {
    const named = [...DOC.matchAll(/`([A-Za-z0-9_./-]+\.(?:ts|mjs|js|css))`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((name) => !names(name))).toEqual([]);
  });

  it("names every file of src/server/ in the row of its room", () => {
    const section = DOC.slice(DOC.indexOf("## The serving layer"), DOC.indexOf("\n## ", DOC.indexOf("## The serving layer") + 1));
    const rows = new Map(
      section
        .split("\n")
        .filter((line) => line.startsWith("| ") && !line.startsWith("| room") && !line.startsWith("|---"))
        .map((line) => [/^\| `?([^`|]+?)\/?`? \|/.exec(line)![1], line]),
    );
    const unnamed = ALL_FILES.filter((file) => file.startsWith("src/server/"))
      .map((file) => file.slice("src/server/".length))
      .filter((file) => {
        const [room, ...rest] = file.split("/");
        if (rest.length === 0) return !rows.get("the root")?.includes(`\`${file}\``);
        const row = rows.get(room) ?? "";
        return !row.includes(`\`${rest.join("/")}\``) && !row.includes(`\`${file}\``);
      });
    expect(unnamed).toEqual([]);
  });
});
