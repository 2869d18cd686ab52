// What a person does next when the service starts without the demo token (AUTH_SECRET set, e.g.
// on PostgreSQL): how to get a token, and how to add the demo to an empty database.
import type { Database } from "../db/client.js";
import { countSchedules } from "../schedules/index.js";

export async function nextStepLines(db: Database): Promise<string[]> {
  const n = await countSchedules(db);
  const lines = [
    "  Next steps (docs/DEPLOY.md):",
    "  - a token: AUTH_SECRET=<this service's secret> npm run token -- --org ORG --role admin",
  ];
  if (Number(n) === 0) lines.push('  - the database is empty: `npm run seed` (same DATABASE_URL and AUTH_SECRET) adds the demo, organization "demo"');
  return lines;
}
