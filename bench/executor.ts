// graphql-js against graphql-jit on a 1,000-object answer (a schedules page of 1,000 with every
// scalar field), 8 requests in flight. Usage:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/executor.ts
import { sql } from "drizzle-orm";
import { benchService } from "./lib.js";

const REQUESTS = Number(process.env.REQUESTS ?? 400);
const IN_FLIGHT = 8;
const QUERY = `{ schedules(size: 1000) { totalElements content { id organization name channel channelId playlistType status txdate fps fpsFloat
  graphicsProject graphicsProjectV2 breakMin breakMax archiveStatus version startDate finishDate dateApplied dateCreated dateUpdated deleted finiteType loopType } } }`;

for (const executor of ["graphql", "jit"] as const) {
  const bench = await benchService({ executor });
  try {
    await bench.db.execute(sql`insert into schedules (organization, name, channel, start_date)
      select 'bench-exec', 'S' || g, 'C' || (g % 9), timestamptz '2026-01-01' + (g || ' minutes')::interval from generate_series(1, 1000) g`);
    const gql = await bench.client("bench-exec", "viewer");
    for (let i = 0; i < 20; i++) await gql(QUERY);
    let next = 0;
    const start = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < REQUESTS) await gql(QUERY);
    }));
    const seconds = (performance.now() - start) / 1000;
    console.log(`${executor.padEnd(8)} ${(REQUESTS / seconds).toFixed(1)} requests/s (${REQUESTS} requests of 1,000 schedules, ${IN_FLIGHT} in flight, ${bench.driver})`);
  } finally {
    await bench.stop();
  }
}
