// PostGraphile 5 (Amber preset, the default) as its own process, on the benchmark's database:
// schemas public and peers (the playout_usage function), grafserv on node:http at /graphql.
// The smart tags and the function it needs are written by database.ts (SQL in usage-sql.ts).
import "./node20-polyfill.js";
import { createServer } from "node:http";
import pg from "pg";
import { postgraphile } from "postgraphile";
import { makePgService } from "postgraphile/adaptors/pg";
import { grafserv } from "postgraphile/grafserv/node";
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { announceReady, serveStats } from "./stats.js";

// Statements counted at the driver: every query PostGraphile sends goes through Client#query.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const preset: GraphileConfig.Preset = {
  extends: [PostGraphileAmberPreset],
  pgServices: [makePgService({ pool, schemas: ["public", "peers"] })],
  grafserv: { graphqlPath: "/graphql", graphiql: false },
};
const pgl = postgraphile(preset);
const server = createServer();
pgl.createServ(grafserv).addTo(server);
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  // The schema is built lazily; ask for it before announcing, so that no round times its build.
  void Promise.resolve(pgl.getSchema()).then(() => {
    statements = 0;
    serveStats(() => statements);
    announceReady(typeof address === "object" && address ? address.port : 0);
  });
});
