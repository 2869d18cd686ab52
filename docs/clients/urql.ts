// urql 6 with graphcache for this service (docs/CLIENTS.md "Paging"): the same rules as
// apollo.ts. test/clients/paging.test.ts uses it as is.
import { cacheExchange, type Resolver } from "@urql/exchange-graphcache";
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

type Cache = Parameters<Resolver>[2];
const MEMBERS = ["empty", "first", "last", "number", "numberOfElements", "size", "totalElements", "totalPages"];
const pageMembers = (cache: Cache, key: string) => Object.fromEntries(MEMBERS.map((m) => [m, cache.resolve(key, m)]));

export function createClient(url: string, token: string): Client {
  return new Client({
    url: `${url}/graphql`,
    preferGetMethod: false,
    fetchOptions: { headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" } },
    exchanges: [
      cacheExchange({
        keys: {
          // Values without identity of their own (docs/CLIENTS.md "Cache identity"), kept inside
          // what holds them: the pages this client reads, and the values they hold.
          AssetFile: () => null,
          EventPage: () => null,
          ChangeSetPage: () => null,
          SchedulePage: () => null,
          AssetPage: () => null,
          JobPage: () => null,
          ChangedEventPage: () => null,
          ChangedEvent: () => null,
          ExecutionDayPage: () => null,
          ExecutionDay: () => null,
          ExecutionEntry: () => null,
          BillingUsagePage: () => null,
          BillingUsageRecord: () => null,
          CacheDownloadPage: () => null,
          CacheDownloadRecord: () => null,
        },
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
      }),
      fetchExchange,
    ],
  });
}
