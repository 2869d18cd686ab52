// Schedule.history read in the schedule's own statement (history/fold.ts): random selections,
// pages, sizes, fragments, organizations and parents (Query.schedule with and without an events
// page, Query.schedules) answer what the history's own read answers, in one statement. The own
// read is forced by asking the history twice under two response keys (a fold reads one). A
// schedule with as many events as make Schedule.history heavy work is not folded: the field then
// reads within its slot, as before.
import { afterEach, describe, expect, it } from "vitest";
import { configureHeavyWork, DEFAULT_HEAVY_WORK } from "../../src/common/heavy-work.js";
import { statementsOf } from "../helpers/statements.js";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { addEvents, createSchedule, MIN, T0 } from "../events/helpers.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs

const ENTRY_FIELDS = ["id", "versionBefore", "versionAfter", "actor", "operation", "date", "scheduleChanges { field before after }", "eventsAdded", "eventsRemoved", "eventsChanged", "__typename"];
const PAGE_MEMBERS = ["totalElements", "totalPages", "last", "number", "size", "numberOfElements", "first", "empty", "pageable { hasNextPage pageNumber }"];
/** Asked beside the history to force its own read (two response keys are not folded). */
const UNFOLD = "unfold_: history(page: 0, size: 1) { content { id } }";

function drawer(seed: number) {
  let state = seed;
  const draw = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((state / 2 ** 31) * n);
  };
  const some = (names: string[]) => {
    const picked = names.filter(() => draw(3) === 0);
    return picked.length ? picked : [names[draw(names.length)]];
  };
  return { draw, some };
}

/** Removes the forcing field from an answer, wherever it is. */
function withoutUnfold(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnfold);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([k]) => k !== "unfold_").map(([k, v]) => [k, withoutUnfold(v)]));
  return value;
}

async function bothWays(gql: GraphQLClient, query: string, variables: Record<string, unknown>) {
  const folded = await statementsOf(gql, query.replaceAll("%", ""), variables, true).catch((error: Error) => ({ error: error.message, statements: 0, data: null }));
  const own = await gql.request(query.replaceAll("%", UNFOLD), variables);
  return { folded, own: { data: withoutUnfold(own.data), errors: own.errors?.map((e: any) => e.message) } };
}

async function historyOf(gql: GraphQLClient, name: string, changes: number, events: number): Promise<string> {
  const schedule = await createSchedule(gql, name);
  for (let i = 0; i < changes; i++) await gql.data(`mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, { id: schedule.id, input: { status: `S${i}`, channel: `C${i}` } });
  if (events) await addEvents(gql, schedule.id, Array.from({ length: events }, (_, i) => ({ at: T0 + i * 5 * MIN, duration: 5 * MIN, title: `E${i}` })));
  return schedule.id;
}

describe("Schedule.history folded into the schedule's statement", () => {
  afterEach(() => configureHeavyWork({ minEvents: DEFAULT_HEAVY_WORK.minEvents }));

  it("answers what its own read answers for random selections, pages, parents and organizations, in one statement", async () => {
    const a = await orgClient(t, "admin");
    const b = await orgClient(t, "admin");
    const owned = [
      { gql: a.gql, id: await historyOf(a.gql, "A0", 0, 0) },
      { gql: a.gql, id: await historyOf(a.gql, "A1", 4, 2) },
      { gql: a.gql, id: await historyOf(a.gql, "A2", 7, 1) },
      { gql: b.gql, id: await historyOf(b.gql, "B0", 3, 3) },
    ];
    const { draw, some } = drawer(11);
    const history = (page: number, size: number) =>
      `history(page: ${page}, size: ${size}) { ${some(PAGE_MEMBERS).join(" ")} content { ${some(ENTRY_FIELDS).join(" ")} } } %`;
    const shapes = [
      (h: string) => `query($id: ID!) { schedule(id: $id) { id ${h} } }`,
      (h: string) => `query($id: ID!) { schedule(id: $id) { version events(size: 2) { content { id title } } ${h} } }`,
      (h: string) => `query($id: ID!) { schedule(id: $id) { ...S } } fragment S on Schedule { name ${h} }`,
      (h: string) => `{ schedules(page: ${draw(3)}, size: 2, sort: ["name,asc"]) { totalElements content { name ${h} } } }`,
      (h: string) => `{ schedules(size: 3) { content { id events(size: 1) { content { title } totalElements } ${h} } } }`,
    ];
    let folded = 0;
    for (let step = 0; step < 40; step++) {
      const target = owned[draw(owned.length)];
      // Now and then another organization asks: null both ways.
      const asker = draw(6) === 0 ? (target.gql === a.gql ? b.gql : a.gql) : target.gql;
      const page = [0, 0, 1, 2, 9, -1][draw(6)];
      const size = [1, 2, 3, 20, 0, 5000][draw(6)];
      const query = shapes[draw(shapes.length)](history(page, size));
      const { folded: got, own } = await bothWays(asker, query, query.includes("$id") ? { id: target.id } : {});
      const context = `step ${step}: ${query}`;
      if ("error" in got) {
        // Bad page arguments: the same error both ways.
        expect(own.errors, context).toBeDefined();
        expect(got.error, context).toContain(own.errors![0]);
        continue;
      }
      expect(got.data, context).toEqual(own.data);
      if (query.includes("$id") && got.data.schedule) {
        expect(got.statements, context).toBe(1);
        folded++;
      }
    }
    expect(folded).toBeGreaterThan(5);
  });

  it("leaves a schedule whose history is heavy work to the field's own read, within its slot", async () => {
    const { gql } = await orgClient(t, "admin");
    const id = await historyOf(gql, "Heavy", 2, 3);
    const query = `query($id: ID!) { schedule(id: $id) { id history(size: 5) { totalElements content { operation eventsAdded } } % } }`;
    const light = await bothWays(gql, query, { id });
    expect(light.folded.statements).toBe(1);
    // From 3 events the field is heavy: the schedule's statement leaves the page out.
    configureHeavyWork({ minEvents: 3 });
    const heavy = await bothWays(gql, query, { id });
    expect(heavy.folded.data).toEqual(light.own.data);
    expect(heavy.own.data).toEqual(light.own.data);
    expect(heavy.folded.statements).toBe(2);
  });
});
