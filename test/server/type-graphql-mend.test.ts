// patches/type-graphql+2.0.0-rc.4.patch (patches/README.md): the installed type-graphql works out
// an input type's fields once, and sorts a resolver's params once. Both builds carry each hunk's
// mark (npm's postinstall applied it); what the conversion answers is held by the tests of every
// mutation with inputs (test/events), and the params' order by every resolver with more than one
// (their decorators record them last first, so each resolver's first call still sorts them).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const PATCH = readFileSync(new URL("../../patches/type-graphql+2.0.0-rc.4.patch", import.meta.url), "utf8");
const MARKS = new Map([...PATCH.matchAll(/^diff --git a\/\S+\/build\/esm\/(\S+) [\s\S]*?\/\/ playout-gateway: ([^:\n]+)/gm)].map((m) => [m[1], m[2]]));

describe("the type-graphql mend", () => {
  it("is in both builds of the installed type-graphql", () => {
    const root = dirname(dirname(dirname(createRequire(import.meta.url).resolve("type-graphql"))));
    expect([...MARKS.keys()].sort()).toEqual(["resolvers/convert-args.js", "resolvers/helpers.js"]);
    for (const [file, mark] of MARKS) for (const build of ["esm", "cjs"]) expect(readFileSync(join(root, "build", build, file), "utf8"), `${build}/${file}`).toContain(`// playout-gateway: ${mark}`);
  });
});
