// Schedule search at size: 10,000 schedules in one organization, then the first, a middle and the
// last page, a name search and selectedScheduleId, through GraphQL over HTTP.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/schedules.ts
import { sql } from "drizzle-orm";
import { benchService, measure, printTable } from "./lib.js";

const SCHEDULES = Number(process.env.SCHEDULES ?? 10_000);

const bench = await benchService();
try {
  const org = "bench-schedules";
  await bench.db.execute(sql`
    insert into schedules (organization, name, channel, channel_id, status, fps, start_date, finish_date)
    select ${org}, 'Schedule ' || lpad(g::text, 6, '0'), 'Channel ' || (g % 50), g % 50, case when g % 3 = 0 then 'DRAFT' else 'PUBLISHED' end, 25,
           timestamptz '2026-01-01' + (g || ' hours')::interval, timestamptz '2026-01-01' + ((g + 20) || ' hours')::interval
    from generate_series(1, ${SCHEDULES}) g`);
  const gql = await bench.client(org, "viewer");
  const lastPage = Math.floor((SCHEDULES - 1) / 100);
  const rows = [
    await measure("first page (100)", () => gql(`{ schedules(size: 100) { totalElements content { id name startDate } } }`)),
    await measure("last page (100)", () => gql(`{ schedules(size: 100, page: ${lastPage}) { content { id } } }`)),
    await measure("sorted by startDate desc, name", () => gql(`{ schedules(size: 100, sort: ["startDate,desc", "name"]) { content { id } } }`)),
    await measure("nameSubString search", () => gql(`{ schedules(filter: { nameSubString: "0042" }) { totalElements content { id } } }`)),
    await measure("selectedScheduleId page lookup", () => gql(`{ schedules(size: 100, selectedScheduleId: "${Math.floor(SCHEDULES * 0.7)}") { number } }`)),
  ];
  printTable(`schedules: ${SCHEDULES} in one organization, ${bench.driver}`, rows);
} finally {
  await bench.stop();
}
