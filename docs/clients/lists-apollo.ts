// Created, copied and deleted schedules in Apollo Client's cached lists (docs/CLIENTS.md "Lists
// after create, copy and delete"): a mutation's `update` adds the new schedule to each cached
// `schedules` list and counts it in `totalElements`, or takes a deleted one out of them.
// test/clients/lists.test.ts runs them with docs/clients/apollo.ts's cache.
import { isReference, type ApolloCache, type Reference } from "@apollo/client";

/** A `schedules` list as the cache holds it: `pagedField`'s pages joined, the schedules as references. */
interface CachedPage {
  content: Reference[];
  totalElements?: number;
}

/**
 * The `update` of createSchedule and copySchedule: the new schedule (already cached from the
 * mutation's answer) goes at the end of each `schedules` list in the default order (id ascending:
 * a new id is the highest); a filtered or sorted list is dropped, so that its query asks again.
 */
export function addSchedule(cache: ApolloCache, schedule: { id: string }): void {
  cache.modify<{ schedules: CachedPage }>({
    id: "ROOT_QUERY",
    fields: {
      schedules(page, { storeFieldName, toReference, readField, DELETE }) {
        if (/"(filter|sort)"/.test(storeFieldName)) return DELETE;
        if (isReference(page)) return page; // a page is a value kept in its field, never a reference
        const ref = toReference({ __typename: "Schedule", id: schedule.id });
        if (!ref || page.content.some((item) => readField("id", item) === schedule.id)) return page;
        return { ...page, content: [...page.content, ref], ...(page.totalElements !== undefined && { totalElements: page.totalElements + 1 }) };
      },
    },
  });
}

/** The `update` of deleteSchedule and deleteSchedules: out of every cached list, then out of the cache. */
export function removeSchedules(cache: ApolloCache, ids: string[]): void {
  cache.modify<{ schedules: CachedPage }>({
    id: "ROOT_QUERY",
    fields: {
      schedules(page, { readField }) {
        if (isReference(page)) return page;
        const content = page.content.filter((item) => !ids.includes(readField<string>("id", item) ?? ""));
        const removed = page.content.length - content.length;
        return { ...page, content, ...(page.totalElements !== undefined && { totalElements: page.totalElements - removed }) };
      },
    },
  });
  for (const id of ids) cache.evict({ id: cache.identify({ __typename: "Schedule", id }) });
  cache.gc();
}
