// Which statements a departed client's cancel may reach: plain selects and the `with …` reads the
// stores build, never a `with` that writes (src/db/read-statements.ts).
import { describe, expect, it } from "vitest";
import { isReadStatement } from "../../src/db/read-statements.js";

describe("isReadStatement", () => {
  it.each([
    `select "id", "status" from "jobs" where "jobs"."id" = $1`,
    `  SELECT 1`,
    `with sp as materialized (select "id" from "schedules" where organization = $1 order by id limit $2), ids as (select id as sid from sp) select sp.*, (select json_agg(e) from events e where e.schedule_id = sp.id) from sp`,
    `with days as (select distinct date_trunc('day', started) as day from executions where organization = $1 order by day desc limit 20) select * from days`,
    `with t as materialized (select schedule_id, count(*) from events group by 1) select * from t`,
    `with locked as (select id from jobs where status = 'PENDING' for update skip locked limit 1) select id from locked`,
    `with "updated" as (select date_updated from assets) select * from "updated"`,
    `with e as (select id from events where schedule_id = $1 for no key update) select id from e`,
    `with e as (select id from events for update of events skip locked) select id from e`,
    `with deleted_at as (select on_delete from x) select * from deleted_at`,
  ])("a read: %s", (text) => {
    expect(isReadStatement(text)).toBe(true);
  });

  it.each([
    `with gone as (delete from events where id in (select id from events where schedule_id = $1 limit $2) returning 1) select count(*) from gone`,
    `with u as (update "events" set "locked" = $1 where "events"."id" in ($2) returning 1) select count(*)::int as n from u`,
    `with input as (select * from jsonb_to_recordset($1) as x(ord int)) insert into events (schedule_id) select 1 from input`,
    `WITH inserted AS (INSERT INTO asrun_entries (id) VALUES ($1) RETURNING id) SELECT id FROM inserted`,
    `with m as (select 1) update only events e set title = $1 from m`,
    `with m as (select 1) merge into events using m on true when matched then do nothing`,
    `with m as (select 1) update "public"."events" e set title = $1 from m`,
    `with m as (select 1) update "events" as "e" set title = $1 from m`,
    `with m as (select 1) update"events" set title = $1`,
    `with m as (select 1) delete from"events" using m`,
    `insert into jobs (id) values ($1)`,
    `update jobs set status = $1`,
    `begin`,
  ])("not a read: %s", (text) => {
    expect(isReadStatement(text)).toBe(false);
  });
});
