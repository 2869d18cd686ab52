import { openDatabase } from "./src/db/client.js";
import { createServices } from "./src/server/services.js";
import { loadConfig } from "./src/config.js";
import postgres from "postgres";
const url = "postgres://postgres@127.0.0.1:5432/pgw_peers_200_1000_5000_10";
const handle = await openDatabase({ databaseUrl: url, dataDir: "memory://" } as any);
const services = createServices(handle.db, loadConfig({}), "x".repeat(32), {} as any) as any;
const admin = postgres(url, { max: 1 });
const [{ id }] = await admin`select id::text from schedules order by id desc limit 1 offset 14`;
const ids = (await admin`select id::text from events where schedule_id = ${id} order by id limit 50`).map((r) => r.id as string);
const viewer = { userId: "b", orgs: ["bench-org-1"], role: "editor" } as any;
let version = (await admin`select version from schedules where id = ${id}`)[0].version as number;
for (let round = 0; round < Number(process.env.R ?? 4); round++) {
  const c0 = process.cpuUsage(); const t = performance.now(); const N = Number(process.env.N ?? 1000);
  for (let i = 0; i < N; i++) {
    const r = await services.events.update(viewer, { scheduleId: id, version }, [{ id: ids[i % ids.length], title: `T ${round} ${i}` }]);
    version = r.version;
  }
  const c = process.cpuUsage(c0);
  console.log(`${((performance.now() - t) / N * 1000).toFixed(0)} µs wall, node ${((c.user + c.system) / N).toFixed(0)} µs CPU per update`);
}
await admin.end();
process.exit(0);
