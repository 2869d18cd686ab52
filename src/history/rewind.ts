// Rewinding stored diffs: pure. The history keeps, per committed change, what it did to each event
// (A added: the row; R removed: the row; C changed: the differing columns, old and new) and to the
// schedule's columns ({ column: [old, new] }). The state at version k is the current state with
// every change after k undone; walking those changes oldest first, the first old value seen of a
// column is its value at k.

/** A row of `events` or `schedules` by SQL column names (to_jsonb of the row). */
export type Columns = Record<string, unknown>;

export interface EventChangeRecord {
  historyId: number;
  eventId: number;
  kind: "A" | "R" | "C";
  oldValues: Columns | null;
  newValues: Columns | null;
}

/**
 * Each event's row at version k, or null where it did not exist then. `changes` are the changes
 * after k, oldest first; `current` the rows now (absent: no such event now).
 */
export function rewindEvents(current: Map<number, Columns>, changes: readonly EventChangeRecord[]): Map<number, Columns | null> {
  const steps = rewindSteps(current, changes);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * rewindEvents giving `pause` a turn between items (the caller yields to the event loop there and
 * stops when its request is out of time). `pause` gets the count of items handled so far.
 */
export async function rewindEventsCooperatively(
  current: Map<number, Columns>,
  changes: readonly EventChangeRecord[],
  pause: (handled: number) => Promise<void>,
): Promise<Map<number, Columns | null>> {
  const steps = rewindSteps(current, changes);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause(next.value);
  }
}

/** rewindEvents as steps: yields the running count of changes and events handled. */
function* rewindSteps(current: Map<number, Columns>, changes: readonly EventChangeRecord[]): Generator<number, Map<number, Columns | null>> {
  let handled = 0;
  const chains = new Map<number, EventChangeRecord[]>();
  for (const change of changes) {
    yield ++handled;
    let chain = chains.get(change.eventId);
    if (!chain) chains.set(change.eventId, (chain = []));
    chain.push(change);
  }
  const out = new Map<number, Columns | null>();
  for (const [eventId, chain] of chains) {
    yield ++handled;
    const row = rewindOne(current.get(eventId) ?? null, chain);
    // The stored rows leave the id out (it is the change's eventId).
    out.set(eventId, row && { ...row, id: eventId });
  }
  return out;
}

function rewindOne(current: Columns | null, chain: EventChangeRecord[]): Columns | null {
  // Added after k: it did not exist at k (whatever happened to it afterwards).
  if (chain[0].kind === "A") return null;
  const at: Columns = {};
  const fill = (from: Columns | null) => {
    for (const [key, value] of Object.entries(from ?? {})) if (!(key in at)) at[key] = value;
  };
  for (const change of chain) {
    fill(change.oldValues);
    // A removal's row is whole: every column is known from here on.
    if (change.kind === "R") return at;
    // An addition after changes needs a removal between them: not reachable from a C, kept safe.
    if (change.kind === "A") return at;
  }
  // Only changes: the columns they did not touch are as they are now.
  fill(current);
  return at;
}

/** The schedule's columns at version k from its current columns and the column changes after k, oldest first. */
export function rewindSchedule(current: Columns, changesAfter: readonly Record<string, [unknown, unknown]>[]): Columns {
  const at: Columns = {};
  for (const changes of changesAfter) for (const [key, [old]] of Object.entries(changes)) if (!(key in at)) at[key] = old;
  for (const [key, value] of Object.entries(current)) if (!(key in at)) at[key] = value;
  return at;
}

/** Whether two event rows differ in anything but their version (what a revert must write). */
export function differsBeyondVersion(a: Columns, b: Columns): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (key === "version" || key === "id") continue;
    if (canonical(a[key]) !== canonical(b[key])) return true;
  }
  return false;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Columns)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
