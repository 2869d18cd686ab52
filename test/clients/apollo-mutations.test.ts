// Mutations answer what they changed: with the real Apollo Client 4 InMemoryCache, an edit, a
// deletion and an asset replacement update the cached events without reading them again
// (docs/CLIENTS.md "Cache identity").
import { gql } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { problemSchedule } from "../checks/helpers.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";
import { apolloClient } from "./helpers.js";

const t = useTestService();

const LIVE = gql`
  query Live($id: ID!) {
    schedule(id: $id) { id version events(size: 100) { content { id title mediaId version asset { id assetId name } } } }
  }
`;

const CHANGED = `changedEvents(size: 100) { totalElements content { eventId removed event { id title mediaId version asset { id assetId name } } } }`;

const UPDATE = gql`
  mutation Update($s: ID!, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $events) { id version ${CHANGED} } }
`;
const DELETE = gql`
  mutation Delete($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { id version ${CHANGED} } }
`;
const REPLACE = gql`
  mutation Replace($s: ID!, $a: String!, $v: Int!) {
    replaceAsset(scheduleId: $s, assetId: $a, version: $v, replacement: { assetId: "A-SHORT" }) { eventsModified schedule { id version ${CHANGED} } }
  }
`;

const MARK = gql`
  mutation Mark($s: ID!) { markScteEvents(scheduleId: $s, criteria: { eventType: PRIMARY }) { messages { message } schedule { id version ${CHANGED} } } }
`;

describe("mutations answer the events they changed", () => {
  it("updateEvents, deleteEvents and replaceAsset update Apollo's cached events without a refetch", async () => {
    const token = await t.token(uniqueOrg(), "editor");
    const { scheduleId, version, ids } = await problemSchedule(t.client(token));
    const client = apolloClient(t.url, token);
    const before = (await client.query<any>({ query: LIVE, variables: { id: scheduleId } })).data!;
    expect(before.schedule.events.content[0]).toMatchObject({ id: ids[0], title: "News (part 1)", version: 1, asset: { assetId: "A-OK" } });

    const updated = await client.mutate<any>({ mutation: UPDATE, variables: { s: scheduleId, v: version, events: [{ id: ids[0], title: "Headlines" }] } });
    expect(updated.data!.updateEvents.changedEvents).toMatchObject({ totalElements: 1, content: [{ eventId: ids[0], removed: false, event: { title: "Headlines", version: 2 } }] });
    const cached = client.readQuery<any>({ query: LIVE, variables: { id: scheduleId } })!;
    expect(cached.schedule.version).toBe(version + 1);
    expect(cached.schedule.events.content[0]).toMatchObject({ id: ids[0], title: "Headlines", version: 2 });

    const replaced = await client.mutate<any>({ mutation: REPLACE, variables: { s: scheduleId, a: "A-OK", v: version + 1 } });
    expect(replaced.data!.replaceAsset.eventsModified).toBe(2);
    expect(replaced.data!.replaceAsset.schedule.changedEvents.totalElements).toBe(2);
    const afterReplace = client.readQuery<any>({ query: LIVE, variables: { id: scheduleId } })!.schedule.events.content;
    for (const event of afterReplace.filter((e: any) => e.title.startsWith("News") || e.title === "Headlines")) {
      expect(event).toMatchObject({ mediaId: "M-SHORT", asset: { assetId: "A-SHORT" } });
    }

    // A removal is named (removed: true); the client evicts the event, as docs/CLIENTS.md shows.
    await client.mutate<any>({
      mutation: DELETE,
      variables: { s: scheduleId, ids: [ids[1]] },
      update(cache, { data }) {
        for (const change of data.deleteEvents.changedEvents.content) {
          if (change.removed) cache.evict({ id: cache.identify({ __typename: "Event", id: change.eventId }) });
        }
        cache.gc();
      },
    });
    const afterDelete = client.readQuery<any>({ query: LIVE, variables: { id: scheduleId }, returnPartialData: true });
    expect(afterDelete?.schedule.events.content.map((e: any) => e?.id)).not.toContain(ids[1]);

    // A mark by criteria answers the schedule too, and through it every event it touched.
    const marked = (await client.mutate<any>({ mutation: MARK, variables: { s: scheduleId } })).data!.markScteEvents.schedule.changedEvents;
    expect(marked.totalElements).toBeGreaterThan(0);
    const cachedEvents = client.readQuery<any>({ query: LIVE, variables: { id: scheduleId }, returnPartialData: true })!.schedule.events.content;
    for (const { event } of marked.content) expect(cachedEvents.find((e: any) => e?.id === event.id)?.version).toBe(event.version);
  });
});
