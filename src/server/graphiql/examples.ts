// Example operations shown in GraphiQL's Examples panel, one list for every area. A new area adds
// its examples here. An example is shown only when the running schema has every root field it
// calls and every field named in `needs` (so an area that is not built yet shows nothing broken),
// and then it must also validate: test/server/graphiql-page.test.ts checks that. Variables may name the
// caller's data as `{{schedule.id}}` (example-variables.ts): the panel fills them in on opening, so
// that every example runs on a fresh demo in any order, and writes go only to the examples' own
// schedules (test/server/graphiql-browser.test.ts runs them all and checks the demo is unchanged).
import { type GraphQLSchema, Kind, type OperationDefinitionNode, parse, validate } from "graphql";
import { EXAMPLE_SCHEDULE_MARK } from "./example-variables.js";
import type { PageExample } from "./page-config.js";
import type { Example } from "./example-types.js";
import { TEMPLATE_EXAMPLES } from "./template-examples.js";

export type { Example, ExampleArea } from "./example-types.js";

const WINDOW = { from: "{{window.from}}", to: "{{window.to}}", period: 1, periodType: "HOURS" };

export const EXAMPLES: Example[] = [
  {
    area: "Schedules",
    title: "List schedules",
    description: "The first page of your organization's schedules, newest change first.",
    read: true,
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
    description: `Creates an empty schedule; every input field is optional. (Its name says "${EXAMPLE_SCHEDULE_MARK}": the other examples leave it alone.)`,
    query: `mutation CreateSchedule($input: ScheduleInput!) {
  createSchedule(input: $input) {
    id
    name
    channel
    fps
    version
  }
}`,
    variables: { input: { name: `Morning news (${EXAMPLE_SCHEDULE_MARK})`, channel: "news-1", fps: 25 } },
  },
  {
    area: "Schedules",
    title: "Rename a schedule",
    description:
      "Optimistic concurrency: send the version you read; a stale one answers CONFLICT with extensions.currentVersion. Opening the example reads the current version of the examples' scratch schedule (a copy of one of yours, made once).",
    query: `mutation RenameSchedule($id: ID!, $input: ScheduleInput!) {
  updateSchedule(id: $id, input: $input) {
    id
    name
    version
  }
}`,
    variables: { id: "{{scratch.id}}", input: { name: `${EXAMPLE_SCHEDULE_MARK} scratch (renamed)`, version: "{{scratch.version}}" } },
  },
  {
    area: "Schedules",
    title: "Search schedules by name",
    description: "Filters combine with AND; nameSubString matches case-insensitively.",
    read: true,
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
    area: "Schedules",
    title: "Copy onto a clock-change day (wall clock)",
    description: `Copies the examples' scratch schedule onto the broadcast day of the next London spring change keeping every event's local time of day (without wallClock the copy moves by the exact difference, and the news starts an hour late in summer time). Gaps or overlaps a 23- or 25-hour day leaves are in validation's messages. (The copy's name says "${EXAMPLE_SCHEDULE_MARK}".)`,
    query: `mutation WallClockCopy($id: ID!, $name: String!, $startDate: DateTime!) {
  copySchedule(id: $id, name: $name, startDate: $startDate, wallClock: true) {
    id
    name
    timeZone
    startDate
    events(size: 5) { content { title onAirLocal broadcastDate } }
    validation(fullList: false) { messages { type message } }
  }
}`,
    variables: { id: "{{scratch.id}}", name: `${EXAMPLE_SCHEDULE_MARK}: wall-clock copy`, startDate: "2027-03-28T05:00:00Z" },
    needs: ["Schedule.timeZone", "Schedule.validation"],
  },
  {
    area: "Events",
    title: "Events of a schedule",
    description: "A page of events ordered by on-air time, with the gaps and overlaps on that page.",
    read: true,
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
    variables: { id: "{{schedule.id}}" },
    needs: ["Schedule.events"],
  },
  {
    area: "Events",
    title: "A broadcast day in local time",
    description:
      "One broadcast day of a schedule in its time zone (the demo's News 24 counts London days from 06:00), with its events' local times; the second day is the spring clock change: 23 hours.",
    read: true,
    query: `query BroadcastDay($id: ID!, $date: String!) {
  schedule(id: $id) {
    timeZone
    broadcastDayStart
    broadcastDay(date: $date) {
      date
      start
      end
      lengthMs
      events(size: 5) { totalElements content { title onAirTime onAirLocal endLocal broadcastDate } }
    }
    springForward: broadcastDay(date: "2027-03-27") { start end lengthMs }
  }
}`,
    variables: { id: "{{schedule.id}}", date: "{{schedule.broadcastDate}}" },
    needs: ["Schedule.broadcastDay", "Event.onAirLocal"],
  },
  {
    area: "Events",
    title: "Add an event",
    description: "Creates one event (in the examples' scratch schedule) after the last one; durations are milliseconds.",
    query: `mutation CreateEvent($scheduleId: ID!, $input: EventInput!) {
  createEvent(scheduleId: $scheduleId, input: $input) {
    id
    title
    onAirTime
    duration
  }
}`,
    variables: { scheduleId: "{{scratch.id}}", input: { title: "Headlines", eventType: "PRIMARY", duration: 1800000 } },
  },
  {
    area: "Events",
    title: "Draft changes (change set)",
    description:
      "Takes a draft of a schedule's events (here the examples' scratch schedule). Event mutations given changeSetId edit the draft (their version argument is the change set's); applyChangeSet(id, version: the schedule's) publishes it.",
    query: `mutation CreateChangeSet($scheduleId: ID!) {
  createChangeSet(scheduleId: $scheduleId) {
    id
    version
    baseVersion
  }
}`,
    variables: { scheduleId: "{{scratch.id}}" },
  },
  {
    area: "Events",
    title: "Review a change set",
    description: "What applying the draft would add, remove and change (with the names of the changed fields). Opens the scratch schedule's newest change set (one is drafted if there is none).",
    read: true,
    query: `query ReviewChangeSet($id: ID!) {
  changeSet(id: $id) {
    version
    baseVersion
    events(size: 5) { totalElements content { title onAirTime } }
    diff {
      added { id title onAirTime duration }
      removed { id title onAirTime }
      changed { id fields before { title onAirTime duration } after { title onAirTime duration } }
    }
  }
}`,
    variables: { id: "{{changeSet.id}}" },
    needs: ["ChangeSet.diff"],
  },
  {
    area: "Events",
    title: "Schedule history",
    description: "One entry per committed change of the schedule or its events, newest first: versions, who, which operation, and what changed (old → new).",
    read: true,
    query: `query ScheduleHistory($id: ID!) {
  schedule(id: $id) {
    version
    history(size: 10) {
      totalElements
      content {
        versionBefore
        versionAfter
        actor
        operation
        date
        eventsAdded
        eventsRemoved
        eventsChanged
        scheduleChanges { field before after }
        eventChanges(size: 5) { eventId kind changes { field before after } }
      }
    }
  }
}`,
    variables: { id: "{{schedule.id}}" },
    needs: ["Schedule.history"],
  },
  {
    area: "Events",
    title: "A schedule as it was, and what changed since",
    description: "The schedule as it was at version 1 (created, before the demo seed added its events as version 2), and the diff from it to now: every event added since.",
    read: true,
    query: `query ScheduleThen($id: ID!, $then: Int!, $now: Int!) {
  schedule(id: $id) {
    atVersion(version: $then) {
      version
      name
      events(size: 5) { totalElements content { id title onAirTime duration } }
    }
  }
  scheduleDiff(scheduleId: $id, fromVersion: $then, toVersion: $now) {
    added { id title onAirTime }
    removed { id title onAirTime }
    changed { id fields }
  }
}`,
    variables: { id: "{{schedule.id}}", then: 1, now: "{{schedule.version}}" },
    needs: ["Schedule.atVersion"],
  },
  {
    area: "Events",
    title: "Undo: revert a schedule",
    description:
      "Makes an earlier version current again as a new version (here the scratch schedule's version when this panel opened, undoing what other examples changed since). version must be the current one.",
    query: `mutation RevertSchedule($scheduleId: ID!, $toVersion: Int!, $version: Int!) {
  revertSchedule(scheduleId: $scheduleId, toVersion: $toVersion, version: $version) {
    id
    version
    dateUpdated
  }
}`,
    variables: { scheduleId: "{{scratch.id}}", toVersion: "{{scratch.version}}", version: "{{scratch.version}}" },
  },
  {
    area: "Events",
    title: "Timecode in and out",
    description:
      "Adds an event (in the examples' scratch schedule) whose duration is given as a timecode at the schedule's fps, and reads its times back as timecodes (HH:MM:SS;FF where the schedule is drop-frame; see docs/EVENTS.md \"Timecode\").",
    query: `mutation CreateEventByTimecode($scheduleId: ID!, $input: EventInput!) {
  createEvent(scheduleId: $scheduleId, input: $input) {
    id
    title
    onAirTime
    onAirTimecode
    duration
    durationTimecode
    somTimecode
    eomTimecode
  }
}`,
    variables: { scheduleId: "{{scratch.id}}", input: { title: "Promo", eventType: "ADVERTISEMENT", durationTimecode: "00:00:20:12", somTimecode: "10:00:00:00" } },
    needs: ["Event.durationTimecode", "EventInput.durationTimecode"],
  },
  {
    area: "Events",
    title: "Decode an SCTE-35 cue",
    description: "Paste a cue from a packager log (base64 or hex) to read its fields; a malformed cue or a CRC mismatch names the byte. This one is the time_signal sample of SCTE 35.",
    read: true,
    query: `query DecodeScte35($data: String!) {
  decodeScte35(data: $data) {
    spliceCommandType
    spliceInsert { spliceEventId outOfNetworkIndicator spliceTime { ptsTime } breakDuration { autoReturn duration } }
    timeSignal { ptsTime }
    descriptors {
      identifier
      segmentation { segmentationEventId segmentationTypeId segmentationDuration segmentationUpidType segmentationUpid upids { type value } }
    }
    crc32
  }
}`,
    variables: { data: "/DA0AAAAAAAA///wBQb+cr0AUAAeAhxDVUVJSAAAjn/PAAGlmbAICAAAAAAsoKGKNAIAmsnRfg==" },
  },
  {
    area: "Events",
    title: "As-run reconciliation",
    description:
      "What aired against the plan (docs/ASRUN.md): each event's state (ON_TIME, EARLY, LATE, SHORT, LONG, MISSED, UNPLANNED) with its deviations, and a summary of the whole window. toleranceMs counts small deviations as on time.",
    read: true,
    query: `query AsRunReconciliation($scheduleId: ID!, $from: DateTime, $to: DateTime) {
  asRunReconciliation(scheduleId: $scheduleId, from: $from, to: $to, toleranceMs: 1000, page: 0, size: 20) {
    totalElements
    summary {
      counts { state count }
      byEventType { eventType plannedMs airedMs }
      adBreakMinutesPlanned
      adBreakMinutesAired
      scte35CuesPlanned
      scte35CuesAired
      worstDeviations { eventId title startDeviationMs durationDeviationMs }
    }
    content { state eventId title plannedStart actualStart startDeviationMs durationDeviationMs asRunStatus }
  }
}`,
    variables: { scheduleId: "{{schedule.id}}", from: "{{schedule.startDate}}", to: "{{schedule.sixHoursIn}}" },
  },
  {
    area: "Events",
    title: "Report what aired (as-run)",
    description:
      "Playout machines (role playout) or an admin send what went to air, up to 10,000 entries a call; a resent entryId changes nothing. Here an unplanned slate into the examples' scratch schedule.",
    query: `mutation IngestAsRun($scheduleId: ID!, $at: DateTime!) {
  ingestAsRun(scheduleId: $scheduleId, entries: [
    { entryId: "graphiql-slate-1", mediaId: "SLATE", actualStart: $at, actualDurationMs: 10000, status: UNPLANNED, deviceId: "playout-1", reason: "Technical fault slate" }
  ]) {
    inserted
    duplicates
    unmatched
  }
}`,
    variables: { scheduleId: "{{scratch.id}}", at: "{{schedule.startDate}}" },
  },
  {
    area: "Validation",
    title: "Validate a schedule",
    description: "Break issues (durations outside breakMin/breakMax) and archived assets; validation warns, it never refuses to save.",
    read: true,
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
    variables: { id: "{{schedule.id}}" },
    needs: ["Schedule.validation", "ValidationResult.totals"],
  },
  {
    area: "Validation",
    title: "Events with their catalog assets",
    description:
      "Event.asset resolves assetData.assetId, else mediaId (null when missing); eventPageAt with missingAsset: true answers the page, among events whose asset is not in the catalog, of the one on air at the given time.",
    read: true,
    query: `query EventAssets($id: ID!, $time: DateTime!, $c: EventCriteriaInput) {
  schedule(id: $id) {
    events(size: 10) { content { title mediaId asset { assetId name storageType qcInfo { qcStatus } } } }
    eventPageAt(time: $time, pageSize: 20, criteria: $c)
    assets(name: "") { assetId name }
  }
}`,
    variables: { id: "{{schedule.id}}", time: "{{schedule.sixHoursIn}}", c: { missingAsset: true } },
    needs: ["Event.asset", "Schedule.assets"],
  },
  {
    area: "Validation",
    title: "EPG: programme summary",
    description: "programmeSummary groups a schedule's PRIMARY parts into programmes, in air order.",
    read: true,
    query: `query ProgrammeSummary($id: ID!) {
  schedule(id: $id) {
    programmeSummary {
      programme { title startTime eventOnAirTime duration eventIds }
    }
  }
}`,
    variables: { id: "{{schedule.id}}" },
    needs: ["Schedule.programmeSummary"],
  },
  {
    area: "Validation",
    title: "EPG: mark events without a programme",
    description:
      "markEpgEvents gives matching events without a programme one, from their title (criteria must name at least one member). In the scratch schedule: events added by “Add an event” have none.",
    query: `mutation MarkEpg($id: ID!) {
  markEpgEvents(scheduleId: $id, criteria: { eventType: PRIMARY, pageSize: 5 }) {
    messages { message }
    content { page { totalElements content { title programme { title startTime } } } }
  }
}`,
    variables: { id: "{{scratch.id}}" },
  },
  {
    area: "Validation",
    title: "Replace an asset everywhere",
    description:
      "Puts a catalog asset into every event using another (here an archived one, in the examples' scratch schedule); fillGaps ripples what follows shorter replacements up to the next locked event. Pass the schedule's current version (filled in on opening).",
    query: `mutation ReplaceAsset($id: ID!, $version: Int!, $assetId: String!) {
  replaceAsset(scheduleId: $id, assetId: $assetId, version: $version, replacement: { assetId: "MEDIA-0005", fillGaps: true }) {
    eventsModified
    firstEventTime
    lastEventTime
    originalMediaId
    newMediaId
  }
}`,
    variables: { id: "{{scratch.id}}", version: "{{scratch.version}}", assetId: "{{scratch.archivedAsset}}" },
  },
  {
    area: "Validation",
    title: "Evaluate graphics parameters",
    description: "Placeholders such as ${current.title}, ${next.title}, ${asset.name} evaluated 1 hour into the schedule; unknown ones are reported, not refused.",
    read: true,
    query: `query EvaluateParameters($id: ID!, $command: SecondaryEventInput!) {
  schedule(id: $id) {
    evaluateParameters(onAirTimeFrom: 3600000, command: $command) { name evaluatedValue asset assetExists unknownPlaceholders }
  }
}`,
    variables: { id: "{{schedule.id}}", command: { command: "ON", objectName: "lower-third", parameters: { line1: "${current.title}", line2: "Next: ${next.title}", clip: "${asset.name}", oops: "${nothing.here}" } } },
    needs: ["Schedule.evaluateParameters"],
  },
  {
    area: "Jobs",
    title: "Export a schedule (starts a job)",
    description: "Answers a job at once (the schedule is only read); poll it with “Poll a job” until SUCCEEDED, then download its resourceLink with the same token.",
    query: `mutation ExportSchedule($id: ID!) {
  exportSchedule(id: $id, fileName: "schedule.xml") {
    id
    status
    progress
  }
}`,
    variables: { id: "{{schedule.id}}" },
  },
  {
    area: "Jobs",
    title: "Poll a job",
    description: "Your newest job (filled in on opening). Run again every second or two until status is SUCCEEDED, FAILED or CANCELED.",
    read: true,
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
    variables: { id: "{{job.id}}" },
  },
  {
    area: "Jobs",
    title: "Recent jobs",
    description: "Jobs of your organization, newest first.",
    read: true,
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
    description: "Seconds up and down per playout in hourly buckets of a half-open window (the last 24 whole hours, filled in on opening).",
    read: true,
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
    read: true,
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
  ...TEMPLATE_EXAMPLES,
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
    read: example.read ?? false,
  };
}
