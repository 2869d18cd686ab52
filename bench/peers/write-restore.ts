// The write path's tables put back as they were before every run (writes.ts), so that every run
// starts from the same rows: the target schedules and their events copied once into schema peers,
// and the history written since (schedule_history, schedule_history_changes) deleted.
import type postgres from "postgres";

/** Value columns of a table (not its key, identity or generated columns), as the restore writes them. */
async function valueColumns(admin: postgres.Sql, table: string): Promise<string[]> {
  const rows = await admin`select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' and identity_generation is null and column_name <> 'id'
    order by ordinal_position`;
  return rows.map((r) => r.column_name as string);
}

export interface Restorer {
  /** Puts the target schedules, their events and the history back; then vacuums, so that no run inherits another's dead rows. */
  restore(): Promise<void>;
}

/**
 * Copies the target schedules and their events once (a kept database reuses the copy: a run that
 * stopped half-way is mended by the first restore) and answers the restorer.
 */
export async function restorerOf(admin: postgres.Sql, scheduleIds: string[]): Promise<Restorer> {
  await admin`create schema if not exists peers`;
  const [{ copied }] = await admin`select to_regclass('peers.write_events_before') is not null as copied`;
  const sameTargets = async () => {
    const rows = await admin`select id::text from peers.write_schedules_before order by write_schedules_before.id`;
    return rows.map((r) => r.id).join() === [...scheduleIds].sort((a, b) => Number(a) - Number(b)).join();
  };
  const stale = copied && !(await sameTargets());
  if (stale) {
    // A copy of other schedules (other targets): put them back, then copy the new ones.
    await restoreWith(admin, await assignments(admin));
    await admin`drop table peers.write_events_before, peers.write_schedules_before, peers.write_history_mark`;
  }
  if (!copied || stale) {
    await admin.begin(async (tx) => {
      await tx`create table peers.write_events_before as select * from events where schedule_id = any(${scheduleIds}::int8[])`;
      await tx`create table peers.write_schedules_before as select * from schedules where id = any(${scheduleIds}::int8[])`;
      await tx`create table peers.write_history_mark as select coalesce(max(id), 0) as history_id from schedule_history`;
    });
  }
  const columns = await assignments(admin);
  return { restore: () => restoreWith(admin, columns) };
}

interface Assignments {
  events: string;
  schedules: string;
}

async function assignments(admin: postgres.Sql): Promise<Assignments> {
  const assign = (columns: string[]) => columns.map((c) => `${c} = b.${c}`).join(", ");
  return { events: assign(await valueColumns(admin, "events")), schedules: assign(await valueColumns(admin, "schedules")) };
}

async function restoreWith(admin: postgres.Sql, columns: Assignments): Promise<void> {
  await admin.begin(async (tx) => {
    // Replica mode: the restore itself writes no history (the triggers do not fire).
    await tx`set local session_replication_role = replica`;
    await tx.unsafe(`update events e set ${columns.events} from peers.write_events_before b
      where e.id = b.id and (e.version <> b.version or e.title is distinct from b.title)`);
    await tx.unsafe(`update schedules s set ${columns.schedules} from peers.write_schedules_before b
      where s.id = b.id and (s.version <> b.version or s.date_updated <> b.date_updated)`);
    // Foreign keys do not cascade in replica mode either: the changes first, then their entries.
    await tx`delete from schedule_history_changes where history_id > (select history_id from peers.write_history_mark)`;
    await tx`delete from schedule_history where id > (select history_id from peers.write_history_mark)`;
  });
  await admin`vacuum analyze events, schedules, schedule_history, schedule_history_changes`;
}
