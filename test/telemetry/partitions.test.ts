// playout_samples in monthly partitions: the migration makes them, a month's partition is made
// ahead (moving samples that reached the default partition first), a reporting window scans only
// the months it touches (EXPLAIN), and an expired month is dropped whole.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { dropExpiredSamples, ensureSamplePartitions, samplePartitions } from "../../src/telemetry/partitions.js";
import { useMigratedDatabase } from "../helpers/database.js";


const database = useMigratedDatabase();

async function insertSamples(times: string[]): Promise<void> {
  for (const time of times) {
    await database.handle.db.execute(sql`insert into playout_samples (playout_id, organization, time, playback) values ('p1', 'org-partitions', ${time}::timestamptz, 1)`);
  }
}

const count = async (table: string) => (await queryRows<{ n: number }>(database.handle.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

async function plan(query: string): Promise<string> {
  const rows = await queryRows<Record<string, string>>(database.handle.db, sql.raw(`explain ${query}`));
  return rows.map((r) => Object.values(r)[0]).join("\n");
}

describe("telemetry partitions", () => {
  it("makes this month's partitions at migration, and a past month's on demand, moving its samples out of the default partition", async () => {
    const now = new Date();
    const names = (await samplePartitions(database.handle.db)).map((p) => p.name);
    expect(names).toContain(`playout_samples_p${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`);
    await insertSamples(["2020-01-05T00:00:00Z", "2020-01-20T00:00:00Z", "2020-02-10T00:00:00Z", "2020-03-10T00:00:00Z"]);
    expect(await count("playout_samples_default")).toBe(4);
    expect(await ensureSamplePartitions(database.handle.db, new Date("2020-01-01T00:00:00Z"), new Date("2020-03-01T00:00:00Z"))).toBe(3);
    expect(await count("playout_samples_default")).toBe(0);
    expect(await count("playout_samples_p202001")).toBe(2);
    expect(await count("playout_samples")).toBe(4);
  });

  it("scans only the months a reporting window touches", async () => {
    const windowed = await plan(
      `select playout_id, count(*) from playout_samples s where s.organization = 'org-partitions' and s.time >= '2020-01-10T00:00:00Z' and s.time < '2020-02-09T00:00:00Z' group by playout_id`,
    );
    expect(windowed).toContain("playout_samples_p202001");
    expect(windowed).toContain("playout_samples_p202002");
    expect(windowed).not.toContain("playout_samples_p202003");
    expect(windowed).not.toContain("playout_samples_default");
    const latest = await plan(`select time from playout_samples s where s.playout_id = 'p1' and s.time <= '2020-01-31T00:00:00Z' order by s.time desc limit 1`);
    expect(latest).not.toContain("playout_samples_p202002");
  });

  it("drops a month whole once it is older than the retention", async () => {
    const dropped = await dropExpiredSamples(database.handle.db, 30, new Date("2020-03-05T00:00:00Z"));
    expect(dropped).toEqual(["playout_samples_p202001"]);
    expect(await count("playout_samples")).toBe(2);
    expect((await samplePartitions(database.handle.db)).map((p) => p.name)).not.toContain("playout_samples_p202001");
  });
});
