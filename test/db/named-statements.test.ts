// Named prepared statements are bounded (src/db/named-statements.ts): postgres.js keeps every text it
// named for the connection's life and PostgreSQL its plan, so the texts a caller can vary (selection
// shapes) would otherwise grow every backend's memory. Random sequences of texts against the bound;
// on PostgreSQL, many distinct reads and transaction statements on one connection leave at most
// the bound prepared, every answer right.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../src/db/client.js";
import { namingBound } from "../../src/db/named-statements.js";

const url = process.env.DATABASE_URL;

function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

describe("the bound of named statements", () => {
  it("names the first distinct texts up to its entries and bytes, keeps naming those, and names nothing after", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const draw = random(seed);
      const limits = { entries: 1 + Math.floor(draw() * 20), bytes: 50 + Math.floor(draw() * 400) };
      const mayName = namingBound(limits);
      const named: string[] = [];
      let bytes = 0;
      for (let i = 0; i < 300; i++) {
        const text = `select ${Math.floor(draw() * 60)} ${"x".repeat(Math.floor(draw() * 40))}`;
        const expected = named.includes(text) || (named.length < limits.entries && bytes + text.length <= limits.bytes);
        if (expected && !named.includes(text)) {
          named.push(text);
          bytes += text.length;
        }
        expect(mayName(text), `seed ${seed}, step ${i}`).toBe(expected);
        expect(mayName.size).toBeLessThanOrEqual(limits.entries);
      }
      expect(mayName.size).toBe(named.length);
    }
  });
});

describe.skipIf(!url)("named statements on PostgreSQL", () => {
  it("leave at most the bound prepared on a connection however many texts run, and answer each", async () => {
    const entries = 5;
    const handle = await openDatabase({ databaseUrl: url!, dataDir: "memory://", maxConnections: 1, namedStatements: { entries, bytes: 1_000_000 } });
    try {
      const draw = random(7);
      for (let i = 0; i < 60; i++) {
        const k = Math.floor(draw() * 40);
        const value = Math.floor(draw() * 1000);
        if (draw() < 0.5) {
          const [row] = await queryRows<{ v: number }>(handle.db, sql`select ${value}::int + ${sql.raw(String(k))} as v, 'named_statements_probe' as probe`);
          expect(Number(row.v)).toBe(value + k);
        } else {
          const v = await handle.db.transaction(async (tx) => (await queryRows<{ v: number }>(tx, sql`select ${value}::int * ${sql.raw(String(k))} as v, 'named_statements_probe' as probe`))[0].v);
          expect(Number(v)).toBe(value * k);
        }
      }
      const prepared = await queryRows<{ statement: string }>(handle.db, sql`select statement from pg_prepared_statements`);
      const probes = prepared.filter((p) => p.statement.includes("named_statements_probe"));
      expect(probes.length).toBeGreaterThan(0);
      expect(probes.length, probes.map((p) => p.statement).join("\n")).toBeLessThanOrEqual(entries);
      // Beside them only what postgres.js itself prepares whatever is sent: its array types' query at connect, begin and commit.
      const driver = prepared.filter((p) => !p.statement.includes("named_statements_probe")).map((p) => p.statement.trim());
      for (const statement of driver) expect(statement).toMatch(/^(begin|commit|rollback)$|pg_catalog\.pg_type/);
    } finally {
      await handle.close();
    }
  });
});
