// `npm run check:bxf -- --xsd <folder> <file>` (tools/check-bxf.ts) with the real xmllint, against
// a small schema of our own (test/fixtures/bxf/mini-xsd: SMPTE's are not in the repository) whose
// imports sit where SMPTE's do: valid and invalid files, a file of another namespace, usage errors.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkBxf } from "../../tools/check-bxf.js";

const XSD = fileURLToPath(new URL("../fixtures/bxf/mini-xsd", import.meta.url));
const hasXmllint = (() => {
  try {
    execFileSync("xmllint", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const dir = mkdtempSync(join(tmpdir(), "check-bxf-test-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const message = (inner: string, ns = "2017") => `<?xml version="1.0"?>\n<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/${ns}/BXF" xmlns:pmcp="http://www.atsc.org/XMLSchemas/pmcp/2007/3.1" id="m">\n${inner}\n</BxfMessage>\n`;

describe.skipIf(!hasXmllint)("npm run check:bxf", () => {
  it("validates a file against the folder's schemas offline, PMCP through the stand-in", () => {
    const good = checkBxf(["--xsd", XSD, file("good.xml", message('<Channel shortName="X"><pmcp:Name lang="eng">X</pmcp:Name></Channel><EventData><StartMode>Fixed</StartMode></EventData>'))]);
    expect(good.code, good.out).toBe(0);
    expect(good.out).toMatch(/good\.xml validates/);
    expect(good.out).toMatch(/PMCP 3\.1: the permissive stand-in/);
  });

  it("reports what is not valid by line, exit 1", () => {
    const bad = checkBxf(["--xsd", XSD, file("bad.xml", message("<EventData/>"))]);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/bad\.xml:3: element EventData: Schemas validity error .*Missing child element\(s\)\. Expected is \( \{http:\/\/smpte-ra\.org\/schemas\/2021\/2017\/BXF\}StartMode \)/);
  });

  it("says when the file's namespace is not the schemas' one", () => {
    const other = checkBxf(["--xsd", XSD, file("old.xml", message("<EventData><StartMode>Fixed</StartMode></EventData>", "2008"))]);
    expect(other).toEqual({ code: 1, out: expect.stringMatching(/declares the namespace http:\/\/smpte-ra\.org\/schemas\/2021\/2008\/BXF, the schemas in .* are for http:\/\/smpte-ra\.org\/schemas\/2021\/2017\/BXF/) });
  });

  it("answers usage errors with exit 2", () => {
    expect(checkBxf([]).code).toBe(2);
    expect(checkBxf(["--xsd", dir, file("x.xml", message(""))])).toEqual({ code: 2, out: expect.stringMatching(/holds no bxfschema\.xsd/) });
    expect(checkBxf(["--xsd", XSD, join(dir, "missing.xml")])).toEqual({ code: 2, out: expect.stringMatching(/no file/) });
  });
});
