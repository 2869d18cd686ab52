// Apollo Client 4 for this service (docs/CLIENTS.md "Paging"): pages merged by page number for
// fetchMore, and asset files kept inside their asset. test/clients/paging.test.ts uses it as is.
import { InMemoryCache, type FieldPolicy } from "@apollo/client";

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
