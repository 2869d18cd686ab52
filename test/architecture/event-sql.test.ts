// Every statement that reads or writes `events`, `change_set_events` or `change_set_removals` lives
// in src/schedules/store/ (docs/ARCHITECTURE.md "Slices"). This scans the rest of src/ for SQL on
// those tables: the text of sql`…` templates and sql.raw("…"), and Drizzle's query builder.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const STORE = "src/schedules/store/";

// Files that may still hold such SQL: none (the page reads moved into the store with issue 13's rewrite).
const ALLOWED = new Set<string>();

const TABLES = "events|change_set_events|change_set_removals";
/** A table named after a keyword that reads or writes it; `schedule_history_events` does not match. */
const IN_SQL = new RegExp(`\\b(?:from|join|into|update|table)\\s+(?:only\\s+)?(?:${TABLES})\\b|\\b(?:change_set_events|change_set_removals)\\b`, "i");
const BUILDER = /\.(?:from|insert|update|delete|(?:inner|left|right|full|cross)?[jJ]oin)\(\s*(?:events|changeSetEvents|changeSetRemovals)\b/;
const RAW = new RegExp(`sql\\.raw\\(\\s*["'\`](?:${TABLES})\\b`);
/** The store's name of a target's table (events or change_set_events): a statement on it. */
const TARGET_TABLE = /\bsqlOf\(/;

/** The end (index of the closing quote) of the string or template literal opened at `start`. */
function skipLiteral(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === "\\") i += 2;
    else if (quote === "`" && text.startsWith("${", i)) i = skipExpression(text, i + 2) + 1;
    else i++;
  }
  return i;
}

/** The index of the `}` closing an expression `${…` whose body starts at `start`. */
function skipExpression(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === "`") i = skipLiteral(text, i);
    else if (c === "{") depth++;
    else if (c === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return text.length;
}

/** The literal text of every sql`…` template in `source` (its ${…} expressions left out). */
export function sqlTexts(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(/\bsql`/g)) {
    let i = match.index + 4;
    let text = "";
    while (i < source.length && source[i] !== "`") {
      if (source[i] === "\\") {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (source.startsWith("${", i)) {
        i = skipExpression(source, i + 2) + 1;
        text += " ";
      } else text += source[i++];
    }
    out.push(text);
  }
  return out;
}

/** Whether `source` holds SQL on the event tables. */
export function hasEventSql(source: string): boolean {
  return BUILDER.test(source) || RAW.test(source) || TARGET_TABLE.test(source) || sqlTexts(source).some((t) => IN_SQL.test(t));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? tsFiles(join(dir, d.name)) : d.name.endsWith(".ts") ? [join(dir, d.name)] : []));
}

describe("SQL on the event tables (src/schedules/store/ only)", () => {
  it("is found in templates, sql.raw and the query builder, not in comments or descriptions", () => {
    expect(hasEventSql("const r = sql`select e.id from events e where e.schedule_id = ${id}`;")).toBe(true);
    expect(hasEventSql("sql`select ${sql`x`} from ${t} e join events f on f.id = e.id`")).toBe(true);
    expect(hasEventSql("sql`delete from change_set_removals where change_set_id = ${id}`")).toBe(true);
    expect(hasEventSql("sql`with x as (select 1) select * from x where exists (select 1 from events e where ${`a`})`")).toBe(true);
    expect(hasEventSql('const t = sql.raw("change_set_events");')).toBe(true);
    expect(hasEventSql("await db.select().from(events).where(eq(events.id, 1));")).toBe(true);
    expect(hasEventSql("await tx.insert(changeSetEvents).values(rows);")).toBe(true);
    expect(hasEventSql("const { table } = sqlOf(target);")).toBe(true);
    expect(hasEventSql("// a stream of text chunks from events read in air order\nconst d = \"S10: removes a schedule from events\";")).toBe(false);
    expect(hasEventSql("sql`select history_id from schedule_history_events where history_id = ${id}`")).toBe(false);
    expect(hasEventSql("sql`select ${EVENT_JSON} as row from ${table} e where e.id = ${id}`")).toBe(false);
  });

  it("is in no file of src/ outside the store but the allowed ones", () => {
    const found = tsFiles(join(ROOT, "src"))
      .map((f) => relative(ROOT, f).split("\\").join("/"))
      .filter((f) => !f.startsWith(STORE) && hasEventSql(readFileSync(join(ROOT, f), "utf8")));
    expect(found.filter((f) => !ALLOWED.has(f))).toEqual([]);
  });
});
