// urql 6 with graphcache for this service (docs/CLIENTS.md "Paging"): the same rules as
// apollo.ts. test/clients/paging.test.ts uses it as is.
import { cacheExchange, type Cache, type Resolver, type UpdateResolver } from "@urql/exchange-graphcache";
import { Client, fetchExchange } from "@urql/core";

/**
 * A paged field read as one growing list: every page cached for the same filters (all arguments
 * but page and size) up to the one asked, joined in page order. Ask page 0, then 1, 2 … to scroll.
 */
export function pagedField(): Resolver {
  return (parent, args, cache, info) => {
    const { page = 0, ...filters } = args as { page?: number; size?: number };
    const content: unknown[] = [];
    let last: string | null = null;
    for (let number = 0; number <= page; number++) {
      const key = cache.resolve(info.parentKey, info.fieldName, { ...filters, page: number });
      // The first page may have been asked without a page argument.
      const found = (key ?? (number === 0 ? cache.resolve(info.parentKey, info.fieldName, filters) : null)) as string | null;
      if (!found) {
        if (number === page) info.partial = true;
        continue;
      }
      content.push(...((cache.resolve(found, "content") as unknown[]) ?? []));
      last = found;
    }
    return last === null ? undefined : { __typename: cache.resolve(last, "__typename"), ...pageMembers(cache, last), content };
  };
}

const MEMBERS = ["empty", "first", "last", "number", "numberOfElements", "size", "totalElements", "totalPages"];
const pageMembers = (cache: Cache, key: string) => Object.fromEntries(MEMBERS.map((m) => [m, cache.resolve(key, m)]));

/**
 * An updater of Schedule.changedEvents: the events the change removed leave every list the cache
 * holds under that schedule (its pages of events, its broadcast days), so no list shows them and
 * none is read again; the changed ones need nothing (the answer's values replaced them). When the
 * answer's page does not hold every changed event (a shift of a long schedule), the schedule's other
 * cached events are invalidated: the lists that show them are read again.
 */
export const applyChangedEvents: UpdateResolver = (_parent, args, cache, info) => {
  const page = cache.resolve(info.parentKey, info.fieldName, args) as string | null;
  if (!page) return;
  const changes = (cache.resolve(page, "content") ?? []) as string[];
  const eventKey = (change: string) => cache.keyOfEntity({ __typename: "Event", id: String(cache.resolve(change, "eventId")) });
  const pageable = cache.resolve(page, "pageable") as string | null;
  const total = cache.resolve(page, "totalElements");
  if ((pageable && cache.resolve(pageable, "hasNextPage") === true) || (typeof total === "number" && total > changes.length)) {
    const answered = new Set(changes.map(eventKey));
    const held = new Set<string>();
    visitLists(cache, info.parentKey, (links) => links.forEach((link) => typeof link === "string" && link.startsWith("Event:") && held.add(link)));
    for (const key of held) if (!answered.has(key)) cache.invalidate(key);
    return;
  }
  const removed = new Set(changes.filter((change) => cache.resolve(change, "removed") === true).map(eventKey));
  if (removed.size === 0) return;
  visitLists(cache, info.parentKey, (links, key, fieldKey) => {
    if (links.some((link) => removed.has(link as string))) cache.link(key, fieldKey, links.filter((link) => !removed.has(link as string)) as string[]);
  });
};

/** Calls `visit` with every list of links under `key`: its fields and the values kept inside them. */
function visitLists(cache: Cache, key: string, visit: (links: unknown[], key: string, fieldKey: string) => void): void {
  for (const { fieldKey, fieldName } of cache.inspectFields(key)) {
    if (fieldName === "changedEvents") continue;
    const value = cache.resolve(key, fieldKey);
    if (Array.isArray(value)) visit(value, key, fieldKey);
    // Values kept inside the schedule have keys that extend its own.
    for (const link of Array.isArray(value) ? value : [value]) if (typeof link === "string" && link.startsWith(`${key}.`)) visitLists(cache, link, visit);
  }
}

/** The object types without an id of their own (the list "Value objects" of docs/CLIENTS.md). */
export const VALUE_OBJECTS = [
  "AsRunEntryPage", "AsRunIngestResult", "AsRunReconciliation", "AssetCollectionPage", "AssetFile",
  "AssetFileQc", "AssetIssue", "AssetMetadata", "AssetOrigin", "AssetPage", "AssetQc",
  "AssetSourceData", "AssetTag", "AudioLoudnessData", "AudioMapping", "AudioSendStats",
  "AudioStream", "AudioTransition", "BillingRun", "BillingUsagePage", "BillingUsageRecord",
  "BreakDuration", "BreakIssue", "BroadcastDay", "BulkEditResult", "CacheDownloadPage",
  "CacheDownloadRecord", "ChangeSetDiff", "ChangeSetPage", "ChangedEvent", "ChangedEventPage",
  "ChannelUptimeRecord", "CollectionItem", "ContentAdvisory", "DurationIssue",
  "EvaluatedParameter", "EventAssetData", "EventPage", "EventSearchResult", "EventsSummary",
  "ExecutionDay", "ExecutionDayPage", "ExecutionEntry", "FieldChange", "FileInfo",
  "HistoryEventChange", "HistoryEventChangePage", "IngestResult", "IngestUsageInfo",
  "IntroducedIssues", "JobDetails", "JobPage", "JournalEntry", "LicenceUsageRecord", "Link",
  "LiveParameters", "Loudness", "LoudnessSummary", "MediaInfo", "MediaStoreObject",
  "MediaStoreUsage", "MediaStream", "Message", "OrganizationRecord", "OtherStream", "PageInfo",
  "PageList", "PidOverride", "PlayoutHistoryChannel", "PlayoutHistoryGroup",
  "PlayoutHistoryOrganization", "PlayoutHistoryPlayout", "PlayoutHistoryRecord", "PlayoutSwitch",
  "PlayoutUsageRecord", "PrimarySCTESourceSwitch", "ProcessingInfo", "Programme", "ProgrammeEntry",
  "ProgrammeSummary", "QcFileRuleMessage", "QcRuleMessage", "ReconciliationRow",
  "ReconciliationStateCount", "ReconciliationSummary", "ReconciliationTypeTotals", "RecordingInfo",
  "RegionStreamStats", "ReplaceAssetResult", "ResultMessage", "RightsIssue", "RightsWindow",
  "SCTE35Fallback", "SCTE35Signal", "SCTE35Trigger", "ScheduleHistoryPage", "SchedulePage",
  "ScheduleTemplatePage", "SecondaryEvent", "SegmentationComponent", "SegmentationDescriptor",
  "SegmentationUpid", "SeparationIssue", "SeparationRules", "SortOrder", "SourceAssetData",
  "SpliceDescriptor", "SpliceInfo", "SpliceInsert", "SpliceInsertComponent", "SpliceTime",
  "StorageRecord", "StreamOverride", "SystemFields", "TimelineIssue", "TrackLoudness", "UntimedAd",
  "UptimeTotals", "ValidationResult", "ValidationTotals", "VendorRPC", "VideoSendStats",
  "VideoStream", "Voiceover", "WebrtcStats",
];

/**
 * A created, copied or deleted schedule changes every `schedules` list and its `totalElements`:
 * each cached page of them is dropped, so that a list on screen asks the server again. (A page is
 * a value without a key: graphcache writes one only through the query that read it, `updateQuery`.)
 */
function schedulesChanged(cache: Cache, deleted: string[] = []): void {
  for (const id of deleted) cache.invalidate({ __typename: "Schedule", id });
  for (const field of cache.inspectFields("Query")) if (field.fieldName === "schedules") cache.invalidate("Query", field.fieldName, field.arguments);
}

export function createClient(url: string, token: string): Client {
  return new Client({
    url: `${url}/graphql`,
    preferGetMethod: false,
    fetchOptions: { headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } },
    exchanges: [
      cacheExchange({
        // Every object type without an id of its own is a value kept inside what holds it
        // (docs/CLIENTS.md "Cache identity"): pages, messages, results.
        keys: Object.fromEntries(VALUE_OBJECTS.map((type) => [type, () => null])),
        resolvers: {
          Schedule: { events: pagedField() },
          ChangeSet: { events: pagedField() },
          Query: {
            schedules: pagedField(),
            assets: pagedField(),
            jobPage: pagedField(),
            changeSetPage: pagedField(),
            schedulePageByGraphicsProject: pagedField(),
            executionDayPage: pagedField(),
            billingUsagePage: pagedField(),
            cacheDownloadPage: pagedField(),
          },
        },
        updates: {
          // An event a change removed (changedEvents, removed: true) leaves the cached lists at once.
          Schedule: { changedEvents: applyChangedEvents },
          Mutation: {
            createSchedule: (_result, _args, cache) => schedulesChanged(cache),
            copySchedule: (_result, _args, cache) => schedulesChanged(cache),
            deleteSchedule: (_result, args, cache) => schedulesChanged(cache, [String(args.id)]),
            deleteSchedules: (_result, args, cache) => schedulesChanged(cache, (args.ids as string[]).map(String)),
          },
        },
      }),
      fetchExchange,
    ],
  });
}
