// patches/type-graphql+2.0.0-rc.4.patch (patches/README.md): the installed type-graphql works out
// an input type's fields once. Both builds carry the patch's mark (npm's postinstall applied it);
// what the conversion answers is held by the tests of every mutation with inputs (test/events).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const PATCH = readFileSync(new URL("../../patches/type-graphql+2.0.0-rc.4.patch", import.meta.url), "utf8");
const MARK = /\/\/ playout-gateway: ([^:\n]+)/.exec(PATCH)![1];

describe("the type-graphql mend", () => {
  it("is in both builds of the installed type-graphql", () => {
    const root = dirname(dirname(dirname(createRequire(import.meta.url).resolve("type-graphql"))));
    for (const build of ["esm", "cjs"]) expect(readFileSync(join(root, "build", build, "resolvers", "convert-args.js"), "utf8"), build).toContain(`// playout-gateway: ${MARK}`);
  });
});
