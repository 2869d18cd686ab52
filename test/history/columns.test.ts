// The update trigger of drizzle/*_history_triggers.sql compares the columns of `events` one by one:
// a column added to events without adding it there would change unrecorded. This fails first.
import { describe, expect, it } from "vitest";
import { getTableColumns } from "drizzle-orm";
import { readFileSync, readdirSync } from "node:fs";
import { events } from "../../src/events/tables.js";

const KEYS = ["id", "schedule_id", "organization"];

describe("history triggers", () => {
  it("compare every column of events", () => {
    const folder = new URL("../../drizzle/", import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith("_history_triggers.sql"))!;
    const text = readFileSync(new URL(file, folder), "utf8");
    const updated = text.slice(text.indexOf("CREATE FUNCTION history_events_updated()"), text.indexOf("--> statement-breakpoint", text.indexOf("CREATE FUNCTION history_events_updated()")));
    const columns = Object.values(getTableColumns(events)).map((c) => c.name).filter((name) => !KEYS.includes(name));
    const compared = [...updated.matchAll(/WHEN n\.(\w+) IS DISTINCT FROM o\.\1 THEN jsonb_build_object\('\1', o\.\1\)/g)].map((m) => m[1]);
    const written = [...updated.matchAll(/WHEN n\.(\w+) IS DISTINCT FROM o\.\1 THEN jsonb_build_object\('\1', n\.\1\)/g)].map((m) => m[1]);
    expect(compared.sort()).toEqual([...columns].sort());
    expect(written.sort()).toEqual([...columns].sort());
  });
});
