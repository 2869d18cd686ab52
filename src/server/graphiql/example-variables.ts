// The variables of a GraphiQL example may name values of the caller's own data, `{{schedule.id}}`,
// `{{scratch.version}}`, `{{window.from}}`: the Examples panel fills them in when it opens the
// example, so that examples fit the data they run on (the demo is seeded relative to today; a
// version read a minute ago may be stale). Writes go to a scratch schedule of the examples' own, a
// copy made once, never to the caller's schedules. Bundled into the page too: imports nothing.

/** Runs one operation with the page's headers and answers its data; throws on errors. */
export type RunOperation = (query: string, variables?: Record<string, unknown>) => Promise<Record<string, any>>;

/** Names of the examples' own schedules contain this (the scratch copy and "Create a schedule"). */
export const EXAMPLE_SCHEDULE_MARK = "GraphiQL example";
const SCRATCH_MARK = `${EXAMPLE_SCHEDULE_MARK} scratch`;
const HOUR = 3_600_000;

type Values = Record<string, string | number>;

interface Providers {
  [name: string]: (get: (name: string) => Promise<Values>, run: RunOperation) => Promise<Values>;
}

/**
 * What each name provides (the fields are listed in PROVIDED_FIELDS). Names depend on others
 * through `get`, which runs each provider at most once per filling.
 */
const PROVIDERS: Providers = {
  /** The caller's oldest schedule that has events and is not archived (read only). */
  async schedule(_get, run) {
    const data = await run(`query ExampleSchedule { schedules(size: 100, sort: ["id,asc"], filter: { archiveStatus: NOT_ARCHIVED }) {
      content { id name version startDate events(size: 1) { totalElements content { broadcastDate } } } } }`);
    const found = (data.schedules.content as any[]).find((s) => s.events.totalElements > 0 && !String(s.name).includes(EXAMPLE_SCHEDULE_MARK));
    if (!found) throw new Error("no schedule with events to read: create one (or import a file) first");
    const start = new Date(found.startDate).getTime();
    return {
      id: found.id,
      name: found.name,
      version: found.version,
      startDate: found.startDate,
      sixHoursIn: new Date(start + 6 * HOUR).toISOString(),
      broadcastDate: found.events.content[0].broadcastDate,
    };
  },

  /** The examples' scratch schedule: found by its name, else copied once from `schedule`. */
  async scratch(get, run) {
    const data = await run(`query ExampleScratch($mark: String!) { schedules(size: 1, sort: ["id,asc"], filter: { nameSubString: $mark, archiveStatus: NOT_ARCHIVED }) {
      content { id name version validation(fullList: false) { archivedAssets } } } }`, { mark: SCRATCH_MARK });
    let scratch = data.schedules.content[0];
    if (!scratch) {
      const source = await get("schedule");
      const copied = await run(`mutation ExampleScratchCopy($id: ID!, $name: String!) { copySchedule(id: $id, name: $name) {
        id name version validation(fullList: false) { archivedAssets } } }`, { id: source.id, name: `${SCRATCH_MARK}: copy of ${source.name}` });
      scratch = copied.copySchedule;
    }
    return { id: scratch.id, name: scratch.name, version: scratch.version, archivedAsset: scratch.validation.archivedAssets[0] ?? "MEDIA-0007" };
  },

  /** The newest change set of the scratch schedule, else a new one holding one added event. */
  async changeSet(get, run) {
    const scratch = await get("scratch");
    const data = await run(`query ExampleChangeSets($id: ID!) { changeSets(scheduleId: $id) { id } }`, { id: scratch.id });
    const ids = (data.changeSets as { id: string }[]).map((c) => c.id).sort((a, b) => Number(b) - Number(a));
    if (ids.length) return { id: ids[0] };
    const created = (await run(`mutation ExampleChangeSet($id: ID!) { createChangeSet(scheduleId: $id) { id } }`, { id: scratch.id })).createChangeSet;
    await run(`mutation ExampleDraftEvent($id: ID!, $changeSetId: ID!) { createEvent(scheduleId: $id, changeSetId: $changeSetId, input: { title: "Newsflash (draft)", eventType: PRIMARY, duration: 60000 }) { id } }`, {
      id: scratch.id,
      changeSetId: created.id,
    });
    return { id: created.id };
  },

  /**
   * The examples' own template: found by its name, else made once with its collections (demo
   * programmes, spots and promos: two programmes at 18:00 with a break after each, promos to 20:00).
   */
  async template(_get, run) {
    const name = `${EXAMPLE_SCHEDULE_MARK} evenings`;
    const found = (await run(`query ExampleTemplates { scheduleTemplates(size: 1000) { content { id name version } } }`)).scheduleTemplates.content.find((t: { name: string }) => t.name === name);
    if (found) return { id: found.id, version: found.version };
    const collection = async (suffix: string, kind: string, mediaIds: string[]) =>
      (await run(`mutation ExampleCollection($input: AssetCollectionInput!) { createAssetCollection(input: $input) { id } }`, { input: { name: `${EXAMPLE_SCHEDULE_MARK} ${suffix}`, kind, mediaIds } })).createAssetCollection.id;
    const series = await collection("series", "PROGRAMMES", ["MEDIA-0001", "MEDIA-0002", "MEDIA-0003", "MEDIA-0004"]);
    const spots = await collection("spots", "ADVERTISEMENTS", ["SPOT-0001", "SPOT-0002", "SPOT-0003"]);
    const promos = await collection("filler", "PROMOS", ["PROMO-0001", "PROMO-0002"]);
    const every = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];
    const created = (await run(`mutation ExampleTemplate($input: ScheduleTemplateInput!) { createScheduleTemplate(input: $input) { id version } }`, {
      input: {
        name, timeZone: "UTC", broadcastDayStart: "06:00",
        slots: [
          { days: every, start: "18:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: series, items: 2, breakCollectionId: spots, breakMs: 60_000, fillerCollectionId: promos },
          { days: every, start: "20:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", title: "Evening live", durationMs: HOUR },
        ],
      },
    })).createScheduleTemplate;
    return { id: created.id, version: created.version };
  },

  /** The caller's newest job. */
  async job(_get, run) {
    const data = await run(`query ExampleJob { jobs { id } }`);
    const ids = (data.jobs as { id: string }[]).map((j) => j.id).sort((a, b) => Number(b) - Number(a));
    if (!ids.length) throw new Error("no job yet: run “Export a schedule (starts a job)” first");
    return { id: ids[0] };
  },

  /** The last 24 whole hours, up to the start of the current hour. */
  async window() {
    const to = Math.floor(Date.now() / HOUR) * HOUR;
    return { from: new Date(to - 24 * HOUR).toISOString(), to: new Date(to).toISOString() };
  },
};

export const PROVIDED_FIELDS: Record<string, string[]> = {
  schedule: ["id", "name", "version", "startDate", "sixHoursIn", "broadcastDate"],
  scratch: ["id", "name", "version", "archivedAsset"],
  changeSet: ["id"],
  template: ["id", "version"],
  job: ["id"],
  window: ["from", "to"],
};

const PLACEHOLDER = /\{\{(\w+)\.(\w+)\}\}/g;

/** The `name.field` placeholders a variables text uses. */
export function placeholdersOf(text: string): [string, string][] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => [m[1], m[2]]);
}

/**
 * Fills in the placeholders of a variables text (JSON). A string that is one placeholder becomes
 * the value itself (a number stays a number); placeholders inside longer strings are spliced in.
 */
export async function fillVariables(text: string, run: RunOperation): Promise<string> {
  const wanted = placeholdersOf(text);
  if (!wanted.length) return text;
  const started = new Map<string, Promise<Values>>();
  const get = (name: string): Promise<Values> => {
    const provider = PROVIDERS[name];
    if (!provider) return Promise.reject(new Error(`unknown placeholder {{${name}.…}}`));
    let values = started.get(name);
    if (!values) started.set(name, (values = provider(get, run)));
    return values;
  };
  const values = new Map<string, Values>();
  for (const [name] of wanted) if (!values.has(name)) values.set(name, await get(name));
  const valueOf = (name: string, field: string) => {
    const value = values.get(name)?.[field];
    if (value === undefined) throw new Error(`{{${name}.${field}}} has no value`);
    return value;
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === "string") {
      const whole = /^\{\{(\w+)\.(\w+)\}\}$/.exec(value);
      return whole ? valueOf(whole[1], whole[2]) : value.replace(PLACEHOLDER, (_m, name: string, field: string) => String(valueOf(name, field)));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return JSON.stringify(fill(JSON.parse(text)), null, 2);
}
