// Property: a bulk edit (and updateEvents) writes every field it changes and nothing else. The
// write compares each event's new values with the stored ones column by column (documents by
// structure, not as JSON text) and writes only the columns that differ in some event; random
// updates of random events, with values drawn from small sets so that many equal the stored ones,
// must read back as the stored events with the updates applied. An edit whose inputs name only
// column fields (title, status, mediaId) reads only the rules' columns and the ones they set
// (rules.ts valuesToRead): what it did not read reads back unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "./helpers.js";

const t = useTestService();

const FIELDS = "id title status mediaId houseId som secondaryEvents { command objectName offset }";
const READ = `query($id: ID!) { schedule(id: $id) { version events(size: 100) { content { ${FIELDS} } } } }`;
const BULK = `mutation($s: ID!, $v: Int!, $u: [EventInput!]!) { bulkEditEvents(scheduleId: $s, version: $v, input: { updated: $u }) { content { version } } }`;
const UPDATE = `mutation($s: ID!, $v: Int!, $u: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $u) { version } }`;
const EVENTS = 6;

type Secondary = { command: "ON" | "OFF"; objectName: string; offset: number };
type Change = { pick: number; title?: string; status?: string | null; mediaId?: string | null; houseId?: string | null; som?: number; secondaryEvents?: Secondary[] };

const secondary: fc.Arbitrary<Secondary> = fc.record({ command: fc.constantFrom("ON" as const, "OFF" as const), objectName: fc.constantFrom("logo", "clock"), offset: fc.constantFrom(0, 1000) });
const change: fc.Arbitrary<Change> = fc.record(
  {
    pick: fc.nat({ max: EVENTS - 1 }),
    // Texts that a list of values sent as one parameter must keep as they are: quotes, backslashes, braces, commas, "NULL", empty, non-ASCII.
    title: fc.constantFrom("News", "Film", `say "hi", {x}\\y`, "NULL", "", "Übertragung — été", "a'b"),
    status: fc.constantFrom("READY", null),
    mediaId: fc.constantFrom("M1", "M2", null),
    houseId: fc.constantFrom("H1", "H2", null, `q"\\{}`),
    som: fc.constantFrom(0, 40),
    secondaryEvents: fc.array(secondary, { maxLength: 2 }),
  },
  { requiredKeys: ["pick"] },
);
/** A change of column fields only: an edit made of these reads only the columns they set (rules.ts valuesToRead). */
const columnChange: fc.Arbitrary<Change> = fc.record(
  { pick: fc.nat({ max: EVENTS - 1 }), title: fc.constantFrom("News", `say "hi", {x}\\y`), status: fc.constantFrom("READY", null), mediaId: fc.constantFrom("M1", "M2", null) },
  { requiredKeys: ["pick"] },
);

describe.each([
  ["bulkEditEvents", BULK],
  ["updateEvents", UPDATE],
])("%s writes what changed", (_, mutation) => {
  it("reads back every update of random fields of random events, whatever equals the stored values", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Fields", { startDate: iso(T0) });
    await addEvents(gql, s.id, Array.from({ length: EVENTS }, (_, i) => ({ at: T0 + i * 10 * MIN, duration: 10 * MIN, title: "News", status: "READY", mediaId: "M0", houseId: "H1", som: 0, secondaryEvents: [{ command: "ON", objectName: "logo", offset: 0 }] })));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(change, { minLength: 1, maxLength: 4 }), fc.array(columnChange, { minLength: 1, maxLength: 4 })), async (changes) => {
        const before = (await gql.data(READ, { id: s.id })).schedule;
        const expected = before.events.content.map((e: Record<string, unknown>) => ({ ...e }));
        const updated = new Map<string, Record<string, unknown>>();
        for (const { pick, ...fields } of changes) {
          const event = expected[pick];
          Object.assign(event, fields);
          updated.set(event.id as string, { ...updated.get(event.id as string), id: event.id, ...fields });
        }
        await gql.data(mutation, { s: s.id, v: before.version, u: [...updated.values()] });
        const after = (await gql.data(READ, { id: s.id })).schedule;
        expect(after.events.content).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });
});
