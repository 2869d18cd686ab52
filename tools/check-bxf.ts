// `npm run check:bxf -- --xsd <folder> <file>`: validates a BXF message against the SMPTE ST 2021
// schemas in a folder the user supplies (SMPTE's schemas are not part of this repository: see
// docs/FORMATS.md "Checking a file against the XSDs"), offline, with xmllint (Debian's
// libxml2-utils). The schemas import ATSC's PMCP 3.1 schema and the W3C xml: attributes from the
// network; the check copies the folder to a temporary one and points those imports at local files:
// the folder's own pmcp31.xsd when it holds one, else tools/bxf/pmcp-standin.xsd (which accepts any
// PMCP content, so PMCP-typed parts go unchecked), and tools/bxf/xml-standin.xsd.
// Exit codes: 0 valid, 1 not valid (xmllint's messages name the line), 2 usage or setup.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, closeSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const USAGE = "usage: npm run check:bxf -- --xsd <folder holding bxfschema.xsd> <file.xml>";
/** xmllint gets this long; a schema set and a message of any size we write validate well within it. */
const TIMEOUT_MS = 300_000;

export interface CheckResult {
  code: 0 | 1 | 2;
  out: string;
}

/** The folder's bxfschema.xsd (any case), there or in its schema/ folder; null when there is none. */
function schemaFolder(folder: string): string | null {
  for (const dir of [folder, join(folder, "schema")]) {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    if (readdirSync(dir).some((f) => f.toLowerCase() === "bxfschema.xsd")) return dir;
  }
  return null;
}

/** The namespace a document's root element declares for itself (read from its first 8 KiB). */
function rootNamespace(file: string): string | null {
  const buffer = Buffer.alloc(8192);
  const fd = openSync(file, "r");
  const read = readSync(fd, buffer, 0, buffer.length, 0);
  closeSync(fd);
  const head = buffer.subarray(0, read).toString("utf8");
  const root = /<(?:([\w.-]+):)?BxfMessage\b([^>]*)>/.exec(head);
  if (!root) return null;
  const declared = new RegExp(`xmlns${root[1] ? `:${root[1]}` : ""}\\s*=\\s*["']([^"']*)["']`).exec(root[2]);
  return declared ? declared[1] : null;
}

export function checkBxf(args: string[]): CheckResult {
  const at = args.indexOf("--xsd");
  const folder = at >= 0 ? args[at + 1] : undefined;
  const files = args.filter((_, i) => i !== at && i !== at + 1);
  if (!folder || files.length !== 1) return { code: 2, out: USAGE };
  const file = resolve(files[0]);
  if (!existsSync(file)) return { code: 2, out: `check:bxf: no file ${files[0]}` };
  const source = schemaFolder(resolve(folder));
  if (!source) return { code: 2, out: `check:bxf: ${folder} holds no bxfschema.xsd (nor does its schema/ folder): point --xsd at the schema folder of SMPTE's st2021-4 repository` };
  const version = spawnSync("xmllint", ["--version"], { encoding: "utf8" });
  if (version.error) return { code: 2, out: "check:bxf: xmllint is not installed (Debian/Ubuntu: apt-get install libxml2-utils)" };

  const xsds = readdirSync(source).filter((f) => f.toLowerCase().endsWith(".xsd"));
  const main = xsds.find((f) => f.toLowerCase() === "bxfschema.xsd")!;
  const target = /targetNamespace\s*=\s*["']([^"']*)["']/.exec(readFileSync(join(source, main), "utf8"))?.[1] ?? null;
  const declared = rootNamespace(file);
  if (target !== null && declared !== target) {
    return { code: 1, out: `check:bxf: ${basename(file)} declares the namespace ${declared ?? "(none)"}, the schemas in ${folder} are for ${target}: use the schemas of its version` };
  }

  const work = mkdtempSync(join(tmpdir(), "check-bxf-"));
  try {
    const ownPmcp = xsds.find((f) => f.toLowerCase() === "pmcp31.xsd");
    for (const f of xsds) {
      const text = readFileSync(join(source, f), "utf8")
        .replace(/schemaLocation\s*=\s*"[^"]*pmcp31\.xsd"/gi, 'schemaLocation="pmcp31.xsd"')
        .replace(/schemaLocation\s*=\s*"http:\/\/www\.w3\.org\/2001\/xml\.xsd"/g, 'schemaLocation="xml-standin.xsd"');
      writeFileSync(join(work, f), text);
    }
    if (!ownPmcp) copyFileSync(join(HERE, "bxf", "pmcp-standin.xsd"), join(work, "pmcp31.xsd"));
    copyFileSync(join(HERE, "bxf", "xml-standin.xsd"), join(work, "xml-standin.xsd"));
    const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", join(work, main), file], { encoding: "utf8", timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
    const note = ownPmcp ? "" : "\n(PMCP 3.1: the permissive stand-in, tools/bxf/pmcp-standin.xsd; put ATSC's pmcp31.xsd in the folder to check PMCP-typed parts too)";
    const out = `${(run.stderr ?? "").replaceAll(work + "/", "").trim()}${note}`;
    if (run.error) return { code: 2, out: `check:bxf: xmllint did not finish: ${run.error.message}` };
    if (/failed to compile/.test(run.stderr ?? "")) return { code: 2, out: `check:bxf: the schemas in ${folder} do not compile:\n${out}` };
    return { code: run.status === 0 ? 0 : 1, out };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { code, out } = checkBxf(process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exit(code);
}
