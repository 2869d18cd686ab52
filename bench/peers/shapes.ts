// Generated shapes: operations drawn at random (deterministic by seed) over this service's types,
// each rendered for this service and, through the same mapping (shape-fields.ts), for PostGraphile,
// with one normalizer that turns both answers into the same tree keyed by our field names.
// Only the filters and sorts both sides support are drawn; each list fixes its order on both sides.
import { seededRandom } from "../../src/templates/draws.js";
import { ASSET, CHANGE_SET, EVENT, HISTORY_ENTRY, JOB, ourValue, SCHEDULE, theirColumnsOf, theirValue, type FieldMapping, type TypeMapping } from "./shape-fields.js";

/** What the drawing needs to know of the seeded database (read by shapes-run.ts). */
export interface DatasetFacts {
  organization: string;
  /** The organization's schedules, by id. */
  scheduleIds: string[];
  /** Events of one schedule by type (every seeded schedule has the same). */
  eventsByType: Record<string, number>;
  eventsPerSchedule: number;
  /** Schedules per graphics project (graphicsProjectV2), the filter both sides have. */
  schedulesByGraphicsProject: Record<string, number>;
  /** Catalog assets are A-0 … A-(assetCount − 1). */
  assetCount: number;
  /** The organization's jobs, by id (the ones the benchmark added). */
  jobIds: string[];
  jobCount: number;
  changeSetIds: string[];
  changeSetScheduleIds: string[];
}

/** A field of a node that holds other nodes: a page, a list or one object. */
interface Edge {
  ourField: string;
  ourArgs: string;
  /** Our lists are pages (`content`) or plain lists (null). */
  ourWrap: "content" | null;
  theirField: string;
  theirArgs: string;
  theirWrap: "nodes" | null;
  list: boolean;
  selection: Selection;
}

interface Selection {
  type: TypeMapping;
  fields: FieldMapping[];
  edges: Edge[];
}

export interface Shape {
  name: string;
  /** This service's operation and PostGraphile's, as sent. */
  ours: string;
  theirs: string;
  root: Edge;
  /** The connections it is measured at: drawn shapes at 2 and 10; a poll at 10 and 50 (namedShapes). */
  connections?: number[];
}

/** mulberry32 (the generation's own): the same seed draws the same shapes. */
export const randomOf = seededRandom;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (random: Random, p: number) => random() < p;
const pageWithin = (random: Random, count: number, size: number) => Math.floor(random() * Math.max(1, Math.ceil(count / size)));
const quoted = (s: string) => JSON.stringify(s);

/** A random non-empty subset of a type's mapped fields, in the table's order. */
function drawFields(random: Random, type: TypeMapping): FieldMapping[] {
  const count = 1 + Math.floor(random() * type.fields.length);
  // Fisher–Yates (not sort with a random comparator, whose result depends on the engine's sort).
  const shuffled = [...type.fields];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const chosen = new Set(shuffled.slice(0, count));
  return type.fields.filter((field) => chosen.has(field));
}

const node = (random: Random, type: TypeMapping, edges: Edge[] = []): Selection => ({ type, fields: drawFields(random, type), edges });
const one = (ourField: string, ourArgs: string, theirField: string, theirArgs: string, selection: Selection): Edge => ({ ourField, ourArgs, ourWrap: null, theirField, theirArgs, theirWrap: null, list: false, selection });

function eventSelection(random: Random): Selection {
  const asset = chance(random, 0.4) ? [one("asset", "", "asset", "", node(random, ASSET))] : [];
  return node(random, EVENT, asset);
}

/** Page `page` of `size` of a schedule's events, in air order on both sides, of one type or all. */
const eventsEdge = (page: number, size: number, type: string | null, selection: Selection): Edge => ({
  ourField: "events", ourArgs: `(page: ${page}, size: ${size}${type ? `, eventType: ${type}` : ""})`, ourWrap: "content",
  theirField: "eventsByScheduleId", theirArgs: `(first: ${size}, offset: ${page * size}, orderBy: [ON_AIR_TIME_ASC, ROW_ID_ASC]${type ? `, condition: { eventType: ${quoted(type)} }` : ""})`, theirWrap: "nodes",
  list: true, selection,
});

/** A page of a schedule's events drawn at random. */
function eventsPage(random: Random, facts: DatasetFacts, sizes: number[]): Edge {
  const size = pick(random, sizes);
  const type = chance(random, 0.3) ? pick(random, ["ADVERTISEMENT", "PRIMARY"]) : null;
  const page = pageWithin(random, type ? facts.eventsByType[type] ?? 0 : facts.eventsPerSchedule, size);
  return eventsEdge(page, size, type, eventSelection(random));
}

/** The organization's `limit` newest jobs (the jobs panel), newest first on both sides. */
const jobsEdge = (facts: DatasetFacts, limit: number, selection: Selection): Edge => ({
  ourField: "jobs", ourArgs: `(limit: ${limit}, organizations: [${quoted(facts.organization)}])`, ourWrap: null,
  theirField: "allJobs", theirArgs: `(first: ${limit}, orderBy: [ROW_ID_DESC], condition: { organization: ${quoted(facts.organization)} })`, theirWrap: "nodes",
  list: true, selection,
});

/** Page `page` of `size` of the organization's jobs, newest first on both sides. */
const jobPageEdge = (facts: DatasetFacts, page: number, size: number, selection: Selection): Edge => ({
  ourField: "jobPage", ourArgs: `(page: ${page}, size: ${size}, organizations: [${quoted(facts.organization)}])`, ourWrap: "content",
  theirField: "allJobs", theirArgs: `(first: ${size}, offset: ${page * size}, orderBy: [ROW_ID_DESC], condition: { organization: ${quoted(facts.organization)} })`, theirWrap: "nodes",
  list: true, selection,
});

/** The schedule's history, newest first (version_after, then id, descending on both sides). */
function historyPage(random: Random): Edge {
  const size = pick(random, [1, 2, 5, 10]);
  const page = pick(random, [0, 0, 1]);
  return {
    ourField: "history", ourArgs: `(page: ${page}, size: ${size})`, ourWrap: "content",
    theirField: "scheduleHistoriesByScheduleId", theirArgs: `(first: ${size}, offset: ${page * size}, orderBy: [VERSION_AFTER_DESC, ROW_ID_DESC])`, theirWrap: "nodes",
    list: true, selection: node(random, HISTORY_ENTRY),
  };
}

/** Our sort entries and PostGraphile's orderBy for them (the service adds id ascending after any other sort). */
const SCHEDULE_SORTS: Record<string, string> = {
  "": "[ROW_ID_ASC]",
  "id,asc": "[ROW_ID_ASC]",
  "id,desc": "[ROW_ID_DESC]",
  "startDate,asc": "[START_DATE_ASC, ROW_ID_ASC]",
  "startDate,desc": "[START_DATE_DESC, ROW_ID_ASC]",
};

type Root = { name: string; edge: (random: Random, facts: DatasetFacts) => Edge };

const ROOTS: Root[] = [
  {
    name: "schedule",
    edge: (random, facts) => {
      const id = pick(random, facts.scheduleIds);
      const edges = [...(chance(random, 0.6) ? [eventsPage(random, facts, [5, 10, 20, 50, 100, 200])] : []), ...(chance(random, 0.3) ? [historyPage(random)] : [])];
      return one("schedule", `(id: ${quoted(id)})`, "scheduleByRowId", `(rowId: ${quoted(id)})`, node(random, SCHEDULE, edges));
    },
  },
  {
    name: "schedules",
    edge: (random, facts) => {
      const size = pick(random, [1, 5, 10, 20, 50]);
      const project = chance(random, 0.3) ? pick(random, Object.keys(facts.schedulesByGraphicsProject).sort()) : null;
      const page = pageWithin(random, project ? facts.schedulesByGraphicsProject[project] : facts.scheduleIds.length, size);
      const sort = pick(random, Object.keys(SCHEDULE_SORTS));
      const ourArgs = [`page: ${page}`, `size: ${size}`, ...(sort ? [`sort: [${quoted(sort)}]`] : []), ...(project ? [`filter: { graphicsProjectV2: ${quoted(project)} }`] : [])];
      const condition = `{ organization: ${quoted(facts.organization)}${project ? `, graphicsProjectV2: ${quoted(project)}` : ""} }`;
      const events = chance(random, 0.4) ? [eventsPage(random, facts, [5, 10, 20])] : [];
      return {
        ourField: "schedules", ourArgs: `(${ourArgs.join(", ")})`, ourWrap: "content",
        theirField: "allSchedules", theirArgs: `(first: ${size}, offset: ${page * size}, orderBy: ${SCHEDULE_SORTS[sort]}, condition: ${condition})`, theirWrap: "nodes",
        list: true, selection: node(random, SCHEDULE, events),
      };
    },
  },
  {
    name: "assets",
    edge: (random, facts) => {
      const size = pick(random, [5, 10, 20, 50, 100]);
      const page = pageWithin(random, facts.assetCount, size);
      return {
        ourField: "assets", ourArgs: `(page: ${page}, size: ${size})`, ourWrap: "content",
        theirField: "allAssets", theirArgs: `(first: ${size}, offset: ${page * size}, orderBy: [ASSET_ID_ASC], condition: { organization: ${quoted(facts.organization)} })`, theirWrap: "nodes",
        list: true, selection: node(random, ASSET),
      };
    },
  },
  {
    name: "asset",
    edge: (random, facts) => {
      const assetId = `A-${Math.floor(random() * facts.assetCount)}`;
      return one("asset", `(assetId: ${quoted(assetId)})`, "assetByOrganizationAndAssetId", `(organization: ${quoted(facts.organization)}, assetId: ${quoted(assetId)})`, node(random, ASSET));
    },
  },
  {
    name: "job",
    edge: (random, facts) => {
      const id = pick(random, facts.jobIds);
      return one("job", `(id: ${quoted(id)})`, "jobByRowId", `(rowId: ${quoted(id)})`, node(random, JOB));
    },
  },
  {
    // The jobs panel: an organization's newest jobs.
    name: "jobs",
    edge: (random, facts) => {
      const limit = pick(random, [5, 10, 20, 50]);
      return jobsEdge(facts, limit, node(random, JOB));
    },
  },
  {
    name: "jobPage",
    edge: (random, facts) => {
      const size = pick(random, [5, 10, 20, 50]);
      const page = pageWithin(random, facts.jobCount, size);
      return jobPageEdge(facts, page, size, node(random, JOB));
    },
  },
  {
    name: "changeSets",
    edge: (random, facts) => {
      const scheduleId = pick(random, facts.changeSetScheduleIds);
      return {
        ourField: "changeSets", ourArgs: `(scheduleId: ${quoted(scheduleId)})`, ourWrap: null,
        theirField: "allChangeSets", theirArgs: `(orderBy: [ROW_ID_ASC], condition: { scheduleId: ${quoted(scheduleId)} })`, theirWrap: "nodes",
        list: true, selection: node(random, CHANGE_SET),
      };
    },
  },
  {
    name: "changeSet",
    edge: (random, facts) => {
      const id = pick(random, facts.changeSetIds);
      return one("changeSet", `(id: ${quoted(id)})`, "changeSetByRowId", `(rowId: ${quoted(id)})`, node(random, CHANGE_SET));
    },
  },
];

export const ROOT_NAMES = ROOTS.map((r) => r.name);

/** Our selection text: dotted fields become nested selections (`systemFields { title }`). */
function ourSelection(selection: Selection): string {
  const nested = new Map<string, string[]>();
  const parts: string[] = [];
  for (const field of selection.fields) {
    const [head, ...rest] = field.ours.split(".");
    if (!rest.length) parts.push(head);
    else if (nested.has(head)) nested.get(head)!.push(rest.join("."));
    else nested.set(head, [rest.join(".")]);
  }
  for (const [head, members] of nested) parts.push(`${head} { ${members.join(" ")} }`);
  for (const edge of selection.edges) parts.push(ourEdge(edge));
  return parts.join(" ");
}

/** PostGraphile's selection: each column once, whatever number of JSON members is read from it. */
function theirSelection(selection: Selection): string {
  const columns = [...new Set(selection.fields.flatMap(theirColumnsOf))];
  return [...columns, ...selection.edges.map(theirEdge)].join(" ");
}

const ourEdge = (edge: Edge) => `${edge.ourField}${edge.ourArgs} { ${edge.ourWrap ? `${edge.ourWrap} { ${ourSelection(edge.selection)} }` : ourSelection(edge.selection)} }`;
const theirEdge = (edge: Edge) => `${edge.theirField}${edge.theirArgs} { ${edge.theirWrap ? `${edge.theirWrap} { ${theirSelection(edge.selection)} }` : theirSelection(edge.selection)} }`;

/** `count` shapes drawn from `seed`, named S01, S02… and by their root. */
export function drawShapes(count: number, seed: number, facts: DatasetFacts): Shape[] {
  const random = randomOf(seed);
  return Array.from({ length: count }, (_, i) => {
    const root = pick(random, ROOTS);
    const edge = root.edge(random, facts);
    return { name: `S${String(i + 1).padStart(2, "0")} ${root.name}`, ours: `query { ${ourEdge(edge)} }`, theirs: `query { ${theirEdge(edge)} }`, root: edge };
  });
}

/** Mapped fields of a type by our names, in the order given (a name the mapping lacks is a mistake here). */
function fieldsOf(type: TypeMapping, names: string[]): FieldMapping[] {
  return names.map((name) => type.fields.find((field) => field.ours === name) ?? (() => { throw new Error(`${type.ours}.${name}: not in the mapping`); })());
}

const POLLED = [10, 50];

/**
 * Named reads beside the drawn ones (`--named`): what a frontend sends most, each fixed, measured
 * at its own connections: the jobs panel (an organization's 20 newest jobs, polled), a job poll of
 * 15 fields, a jobs page further on, a page of 200 events with every mapped field and a later page
 * of another schedule's events.
 */
export function namedShapes(facts: DatasetFacts): Shape[] {
  const jobFields = ["id", "type", "status", "progress", "dateCreated"];
  const pollFields = ["id", "entityId", "type", "organization", "status", "providerId", "userId", "fileName", "resourceExtension", "progress", "attempts", "dateCreated", "dateStarted", "dateFinished", "resourceLink"];
  const eventFields = EVENT.fields.filter((field) => field.ours !== "eventId").map((field) => field.ours);
  const fixed = (type: TypeMapping, names: string[], edges: Edge[] = []): Selection => ({ type, fields: fieldsOf(type, names), edges });
  const schedulePage = (scheduleId: string, page: number, size: number, fields: string[]): Edge =>
    one("schedule", `(id: ${quoted(scheduleId)})`, "scheduleByRowId", `(rowId: ${quoted(scheduleId)})`, fixed(SCHEDULE, ["id"], [eventsEdge(page, size, null, fixed(EVENT, fields))]));
  const named: [string, Edge, number[]?][] = [
    ["N1 jobs panel", jobsEdge(facts, 20, fixed(JOB, jobFields)), POLLED],
    ["N2 job poll of 15 fields", one("job", `(id: ${quoted(facts.jobIds[0])})`, "jobByRowId", `(rowId: ${quoted(facts.jobIds[0])})`, fixed(JOB, pollFields)), POLLED],
    ["N3 jobs page 4", jobPageEdge(facts, 4, 20, fixed(JOB, jobFields))],
    ["N4 events page 1 of 200, every field", schedulePage(facts.scheduleIds[0], 1, 200, eventFields)],
    ["N5 events page 4 of 50, 15 fields", schedulePage(facts.scheduleIds[facts.scheduleIds.length - 1], 4, 50, eventFields.slice(0, 15))],
  ];
  return named.map(([name, edge, connections]) => ({ name, ours: `query { ${ourEdge(edge)} }`, theirs: `query { ${theirEdge(edge)} }`, root: edge, connections }));
}

type Side = "ours" | "theirs";

function normalizeNode(side: Side, selection: Selection, value: any): unknown {
  if (value === null || value === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const field of selection.fields) out[field.ours] = side === "ours" ? ourValue(field, value) : theirValue(field, value);
  for (const edge of selection.edges) out[edge.ourField] = normalizeEdge(side, edge, value[side === "ours" ? edge.ourField : edge.theirField]);
  return out;
}

function normalizeEdge(side: Side, edge: Edge, value: any): unknown {
  if (!edge.list) return normalizeNode(side, edge.selection, value);
  if (value === null || value === undefined) return null;
  const wrap = side === "ours" ? edge.ourWrap : edge.theirWrap;
  return (wrap ? value[wrap] : value).map((item: unknown) => normalizeNode(side, edge.selection, item));
}

/** Either side's answer (`data`) as one tree keyed by our field names. */
export function normalizeAnswer(shape: Shape, side: Side, data: any): unknown {
  return normalizeEdge(side, shape.root, data?.[side === "ours" ? shape.root.ourField : shape.root.theirField]);
}
