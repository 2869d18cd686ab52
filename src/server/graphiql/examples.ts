// Example operations shown in GraphiQL's Examples panel, one list for every area. A new area adds
// its examples here. An example is shown only when the running schema has every root field it
// calls and every field named in `needs` (so an area that is not built yet shows nothing broken),
// and then it must also validate: test/graphiql-page.test.ts checks that.
import { type GraphQLSchema, Kind, type OperationDefinitionNode, parse, validate } from "graphql";
import type { PageExample } from "./page-config.js";

export type ExampleArea = "Schedules" | "Events" | "Validation" | "Jobs" | "Reporting";

export interface Example {
  area: ExampleArea;
  title: string;
  description: string;
  /** One named operation (the name becomes the tab title). */
  query: string;
  variables?: Record<string, unknown>;
  /** Fields beyond the root fields that must exist, as "Type.field" (e.g. "Schedule.events"). */
  needs?: string[];
}

const WINDOW = { from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z", period: 1, periodType: "HOURS" };

export const EXAMPLES: Example[] = [
  {
    area: "Schedules",
    title: "List schedules",
    description: "The first page of your organization's schedules, newest change first.",
    query: `query Schedules {
  schedules(page: 0, size: 20, sort: ["dateUpdated,desc"]) {
    totalElements
    totalPages
    content {
      id
      name
      channel
      startDate
      finishDate
      archiveStatus
      version
    }
  }
}`,
  },
  {
    area: "Schedules",
    title: "Create a schedule",
    description: "Creates an empty schedule; every input field is optional.",
    query: `mutation CreateSchedule($input: ScheduleInput!) {
  createSchedule(input: $input) {
    id
    name
    channel
    fps
    version
  }
}`,
    variables: { input: { name: "Morning news", channel: "news-1", fps: 25 } },
  },
  {
    area: "Schedules",
    title: "Rename a schedule",
    description: "Optimistic concurrency: send the version you read; a stale one answers CONFLICT with extensions.currentVersion.",
    query: `mutation RenameSchedule($id: ID!, $input: ScheduleInput!) {
  updateSchedule(id: $id, input: $input) {
    id
    name
    version
  }
}`,
    variables: { id: "1", input: { name: "Morning news (weekdays)", version: 1 } },
  },
  {
    area: "Schedules",
    title: "Search schedules by name",
    description: "Filters combine with AND; nameSubString matches case-insensitively.",
    query: `query FindSchedules($filter: ScheduleFilterInput) {
  schedules(filter: $filter, size: 50) {
    totalElements
    content {
      id
      name
      channel
      dateUpdated
    }
  }
}`,
    variables: { filter: { nameSubString: "news", archiveStatus: "NOT_ARCHIVED" } },
  },
  {
    area: "Events",
    title: "Events of a schedule",
    description: "A page of events ordered by on-air time, with the gaps and overlaps on that page.",
    query: `query ScheduleEvents($id: ID!) {
  schedule(id: $id) {
    name
    version
    events(page: 0, size: 50) {
      totalElements
      gaps
      overlaps
      content {
        id
        title
        eventType
        onAirTime
        duration
        locked
      }
    }
  }
}`,
    variables: { id: "1" },
    needs: ["Schedule.events"],
  },
  {
    area: "Events",
    title: "Add an event",
    description: "Creates one event; durations are milliseconds.",
    query: `mutation CreateEvent($scheduleId: ID!, $input: EventInput!) {
  createEvent(scheduleId: $scheduleId, input: $input) {
    id
    title
    onAirTime
    duration
  }
}`,
    variables: { scheduleId: "1", input: { title: "Headlines", eventType: "PRIMARY", onAirTime: "2026-01-01T06:00:00Z", duration: 1800000 } },
  },
  {
    area: "Events",
    title: "Draft changes (change set)",
    description:
      "Takes a draft of a schedule's events. Event mutations given changeSetId edit the draft (their version argument is the change set's); applyChangeSet(id, version: the schedule's) publishes it.",
    query: `mutation CreateChangeSet($scheduleId: ID!) {
  createChangeSet(scheduleId: $scheduleId) {
    id
    version
    baseVersion
  }
}`,
    variables: { scheduleId: "1" },
  },
  {
    area: "Events",
    title: "Review a change set",
    description: "What applying the draft would add, remove and change (with the names of the changed fields).",
    query: `query ReviewChangeSet($id: ID!) {
  changeSet(id: $id) {
    version
    baseVersion
    diff {
      added { id title onAirTime duration }
      removed { id title onAirTime }
      changed { id fields before { title onAirTime duration } after { title onAirTime duration } }
    }
  }
}`,
    variables: { id: "1" },
    needs: ["ChangeSet.diff"],
  },
  {
    area: "Validation",
    title: "Validate a schedule",
    description: "Break issues (durations outside breakMin/breakMax) and archived assets; validation warns, it never refuses to save.",
    query: `query ValidateSchedule($id: ID!) {
  schedule(id: $id) {
    name
    validation(fullList: false) {
      valid
      totals { gaps overlaps breakIssues missingAssetEvents archivedAssetEvents failedQcAssetEvents durationIssues problems }
      messages { type message }
      breakIssues {
        timeFrom
        value
        overlapping
      }
      archivedAssets
      archivedAssetEvents
      missingAssets
      failedQcAssets
    }
  }
}`,
    variables: { id: "1" },
    needs: ["Schedule.validation", "ValidationResult.totals"],
  },
  {
    area: "Validation",
    title: "Events with their catalog assets",
    description: "Event.asset resolves assetData.assetId, else mediaId (null when missing); missingAsset: true lists the events whose asset is not in the catalog.",
    query: `query EventAssets($id: ID!, $c: EventCriteriaInput) {
  schedule(id: $id) {
    events(size: 10) { content { title mediaId asset { assetId name storageType qcInfo { qcStatus } } } }
    eventPageAt(time: "2026-01-01T00:00:00Z", pageSize: 20, criteria: $c)
    assets(name: "") { assetId name }
  }
}`,
    variables: { id: "1", c: { missingAsset: true } },
    needs: ["Event.asset", "Schedule.assets"],
  },
  {
    area: "Validation",
    title: "EPG: programme summary and marking",
    description: "programmeSummary groups PRIMARY parts into programmes; markEpgEvents gives matching events without a programme one (criteria must name at least one member).",
    query: `mutation MarkEpg($id: ID!) {
  markEpgEvents(scheduleId: $id, criteria: { eventType: PRIMARY, pageSize: 5 }) {
    messages { message }
    content { page { totalElements content { title programme { title startTime } } } }
  }
}`,
    variables: { id: "1" },
  },
  {
    area: "Validation",
    title: "Replace an asset everywhere",
    description: "Puts a catalog asset into every event using another; fillGaps ripples what follows shorter replacements up to the next locked event. Pass the schedule's current version.",
    query: `mutation ReplaceAsset($id: ID!, $version: Int!) {
  replaceAsset(scheduleId: $id, assetId: "MEDIA-0007", version: $version, replacement: { assetId: "MEDIA-0005", fillGaps: true }) {
    eventsModified
    firstEventTime
    lastEventTime
    originalMediaId
    newMediaId
  }
}`,
    variables: { id: "1", version: 1 },
  },
  {
    area: "Validation",
    title: "Evaluate graphics parameters",
    description: "Placeholders such as ${current.title}, ${next.title}, ${asset.name} evaluated 1 hour into the schedule; unknown ones are reported, not refused.",
    query: `query EvaluateParameters($id: ID!, $command: SecondaryEventInput!) {
  schedule(id: $id) {
    evaluateParameters(onAirTimeFrom: 3600000, command: $command) { name evaluatedValue asset assetExists unknownPlaceholders }
  }
}`,
    variables: { id: "1", command: { command: "ON", objectName: "lower-third", parameters: { line1: "${current.title}", line2: "Next: ${next.title}", clip: "${asset.name}", oops: "${nothing.here}" } } },
    needs: ["Schedule.evaluateParameters"],
  },
  {
    area: "Jobs",
    title: "Export a schedule (starts a job)",
    description: "Answers a job at once; poll it with “Poll a job” until SUCCEEDED, then download its resourceLink with the same token.",
    query: `mutation ExportSchedule($id: ID!) {
  exportSchedule(id: $id, fileName: "schedule.xml") {
    id
    status
    progress
  }
}`,
    variables: { id: "1" },
  },
  {
    area: "Jobs",
    title: "Poll a job",
    description: "Run again every second or two until status is SUCCEEDED, FAILED or CANCELED.",
    query: `query PollJob($id: ID!) {
  job(id: $id) {
    id
    type
    status
    progress
    entityId
    resourceLink
    messages {
      type
      message
    }
    dateCreated
    dateFinished
  }
}`,
    variables: { id: "1" },
  },
  {
    area: "Jobs",
    title: "Recent jobs",
    description: "Jobs of your organization, newest first.",
    query: `query RecentJobs {
  jobs(statuses: [PENDING, PROCESSING, SUCCEEDED, FAILED]) {
    id
    type
    status
    progress
    dateCreated
  }
}`,
  },
  {
    area: "Reporting",
    title: "Playout uptime per hour",
    description: "Seconds up and down per playout in hourly buckets of a half-open window.",
    query: `query PlayoutUptime($window: TimeWindowInput!) {
  playoutUptime(window: $window) {
    timeStamp
    playoutId
    playoutName
    uptime
    downtime
  }
}`,
    variables: { window: WINDOW },
  },
  {
    area: "Reporting",
    title: "Organization summaries",
    description: "Playouts, accounts and media store usage of the organizations you may see.",
    query: `query OrganizationSummaries {
  organizationSummaries {
    organizationId
    organizationName
    totalPlayouts
    cloudPlayouts
    totalAccounts
  }
}`,
  },
];

export interface ExampleSelection {
  shown: Example[];
  /** Examples left out, with the reason (missing fields are normal; validation errors are bugs). */
  hidden: { example: Example; reason: string; invalid: boolean }[];
}

function missingFields(schema: GraphQLSchema, example: Example): string[] {
  const document = parse(example.query);
  const coordinates = [...(example.needs ?? [])];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const operation = definition as OperationDefinitionNode;
    const root = operation.operation === "query" ? "Query" : operation.operation === "mutation" ? "Mutation" : "Subscription";
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind === Kind.FIELD) coordinates.push(`${root}.${selection.name.value}`);
    }
  }
  return coordinates.filter((coordinate) => {
    const [typeName, fieldName] = coordinate.split(".");
    const type = typeName === "Query" ? schema.getQueryType() : typeName === "Mutation" ? schema.getMutationType() : schema.getType(typeName);
    return !(type && "getFields" in type && fieldName in type.getFields());
  });
}

/** Splits the examples into those the running schema can answer and those it cannot yet. */
export function selectExamples(schema: GraphQLSchema, examples: Example[] = EXAMPLES): ExampleSelection {
  const selection: ExampleSelection = { shown: [], hidden: [] };
  for (const example of examples) {
    const missing = missingFields(schema, example);
    if (missing.length) {
      selection.hidden.push({ example, reason: `not in the schema: ${missing.join(", ")}`, invalid: false });
      continue;
    }
    const errors = validate(schema, parse(example.query));
    if (errors.length) {
      selection.hidden.push({ example, reason: errors.map((e) => e.message).join("; "), invalid: true });
      continue;
    }
    selection.shown.push(example);
  }
  return selection;
}

export function toPageExample(example: Example): PageExample {
  return {
    area: example.area,
    title: example.title,
    description: example.description,
    query: example.query,
    variables: example.variables ? JSON.stringify(example.variables, null, 2) : "",
  };
}
