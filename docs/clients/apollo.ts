// Apollo Client 4 for this service (docs/CLIENTS.md "Paging"): pages merged by page number for
// fetchMore, and asset files kept inside their asset. test/clients/paging.test.ts uses it as is.
import { InMemoryCache, type ApolloCache, type FieldPolicy } from "@apollo/client";

interface Page {
  content: unknown[];
  number?: number;
  size?: number;
}

/**
 * A paged field (`page`, `size` arguments; `content` and the page members in the answer): every
 * page fetched with fetchMore lands at its place in one `content` list, so a list view grows as
 * it scrolls. `keyArgs`: the arguments that make another list (filters, sort), not page and size.
 */
export function pagedField(keyArgs: string[] | false = false): FieldPolicy<Page> {
  return {
    keyArgs,
    merge(existing, incoming, { args }) {
      const size = (args?.size as number | undefined) ?? incoming.size ?? 20;
      const page = (args?.page as number | undefined) ?? incoming.number ?? 0;
      const content = existing ? existing.content.slice(0, page * size) : [];
      content.push(...incoming.content);
      return { ...incoming, content };
    },
  };
}

const EVENT_FILTERS = ["term", "eventType", "from", "to"];

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          schedules: pagedField(["organization", "filter", "sort", "selectedScheduleId"]),
          assets: pagedField(["organization", "name"]),
          jobPage: pagedField(["organizations", "providerId", "userId", "statuses"]),
          changeSetPage: pagedField(["scheduleId", "organization"]),
          schedulePageByGraphicsProject: pagedField(["name", "organization"]),
          executionDayPage: pagedField(["from", "to"]),
          billingUsagePage: pagedField(["window"]),
          cacheDownloadPage: pagedField(["organization", "window"]),
        },
      },
      Schedule: {
        fields: {
          events: pagedField(EVENT_FILTERS),
          history: pagedField(),
          asRun: pagedField(["from", "to", "status"]),
        },
      },
      ChangeSet: { fields: { events: pagedField(EVENT_FILTERS) } },
      // A value inside its asset: its id is the ingest system's, not unique across assets.
      AssetFile: { keyFields: false },
    },
  });
}

/**
 * A mutation's `update` for every answer that selects `changedEvents`: the events it names as
 * removed are evicted, so no cached list shows them again (the changed ones need nothing: their new
 * values in the answer already replaced the cached ones). When the answer's page does not hold
 * every changed event (a shift of a long schedule), the schedule is evicted: what shows it is read
 * again, since the cache cannot tell which of its events are still true.
 */
export function updateChangedEvents(cache: ApolloCache, answer: unknown): void {
  const removed: string[] = [];
  const partial = new Set<string>();
  const walk = (value: unknown, scheduleId: string | null): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, scheduleId));
    if (!value || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (record.__typename === "Schedule" && typeof record.id === "string") scheduleId = record.id;
    if (record.__typename === "ChangedEvent" && record.removed === true) removed.push(String(record.eventId));
    if (record.__typename === "ChangedEventPage" && scheduleId && holdsPart(record)) partial.add(scheduleId);
    for (const member of Object.values(record)) walk(member, scheduleId);
  };
  walk(answer, null);
  for (const id of removed) cache.evict({ id: cache.identify({ __typename: "Event", id }) });
  for (const id of partial) cache.evict({ id: cache.identify({ __typename: "Schedule", id }) });
  if (removed.length + partial.size > 0) cache.gc();
}

/** A page of changed events that is not all of them (by whichever page members were selected). */
function holdsPart(page: Record<string, unknown>): boolean {
  const pageable = page.pageable as { hasNextPage?: boolean } | undefined;
  const content = page.content as unknown[] | undefined;
  return pageable?.hasNextPage === true || (typeof page.totalElements === "number" && content !== undefined && page.totalElements > content.length);
}
