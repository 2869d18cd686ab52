// The real Apollo Client 4 InMemoryCache against the service: reading drafts, previews, diffs and
// earlier versions never changes what the cache holds for the live schedule and its events
// (docs/CLIENTS.md "Cache identity").
import { gql } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";
import { apolloClient } from "./helpers.js";

const t = useTestService();

const LIVE = gql`
  query Live($id: ID!) {
    schedule(id: $id) { id name version events(size: 100) { content { id eventId title onAirTime duration version } } }
  }
`;

const DRAFT = gql`
  query Draft($id: ID!) {
    changeSet(id: $id) {
      id version
      events(size: 100) { content { id eventId title onAirTime duration version } }
      diff {
        added { id eventId title onAirTime }
        removed { id eventId title }
        changed { id eventId fields before { id eventId title onAirTime version } after { id eventId title onAirTime version } }
      }
    }
  }
`;

const PREVIEW = gql`
  query Preview($id: ID!, $from: ID!) {
    schedule(id: $id) { id ripplePreview(eventId: $from, fixAll: true) { id startDate page { content { id eventId title onAirTime duration version } } } }
  }
`;

const EARLIER = gql`
  query Earlier($id: ID!, $v: Int!, $from: Int!, $to: Int!) {
    schedule(id: $id) { id atVersion(version: $v) { id name version events(size: 100) { content { id eventId title onAirTime duration version } } } }
    scheduleDiff(scheduleId: $id, fromVersion: $from, toVersion: $to) {
      added { id eventId title } removed { id eventId title }
      changed { id eventId fields before { id eventId title onAirTime version } after { id eventId title onAirTime version } }
    }
  }
`;

describe("Apollo Client InMemoryCache", () => {
  it("keeps the live schedule and events unchanged after reading a change set, a ripple preview, a diff and atVersion", async () => {
    const org = uniqueOrg();
    const token = await t.token(org, "editor");
    const editor = t.client(token);
    const s = await createSchedule(editor, "Tonight", { startDate: iso(T0) });
    // A 0-10, a gap, B 15-25, C 25-35: a ripple from A moves B and C.
    const ids = await addEvents(editor, s.id, [
      { at: T0, duration: 10 * MIN, title: "A" },
      { at: T0 + 15 * MIN, duration: 10 * MIN, title: "B" },
      { at: T0 + 25 * MIN, duration: 10 * MIN, title: "C" },
    ]);
    const firstVersion = (await editor.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: s.id })).schedule.version as number;
    await editor.data(`mutation($s: ID!, $v: Int!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: "${ids[0]}", title: "A live" }]) { version } }`, {
      s: s.id,
      v: firstVersion,
    });
    const { createChangeSet: cs } = await editor.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id version } }`, { s: s.id });
    await editor.data(
      `mutation($s: ID!, $cs: ID) { bulkEditEvents(scheduleId: $s, version: 1, changeSetId: $cs, input: {
        updated: [{ id: "${ids[1]}", title: "B draft", onAirTime: "${iso(T0 + 12 * MIN)}" }], deleted: ["${ids[2]}"],
        created: [{ onAirTime: "${iso(T0 + 40 * MIN)}", duration: ${MIN}, title: "New" }] }) { messages { message } } }`,
      { s: s.id, cs: cs.id },
    );

    const client = apolloClient(t.url, token);
    const live = await client.query<any>({ query: LIVE, variables: { id: s.id }, fetchPolicy: "network-only" });
    const liveData = structuredClone(live.data);
    expect(liveData!.schedule.events.content.map((e: { title: string }) => e.title)).toEqual(["A live", "B", "C"]);

    const draft = await client.query<any>({ query: DRAFT, variables: { id: cs.id }, fetchPolicy: "network-only" });
    const { diff } = draft.data!.changeSet;
    expect(draft.data!.changeSet.events.content.map((e: { title: string }) => e.title)).toEqual(["A live", "B draft", "New"]);
    // The diff's sides stay apart: before is the schedule's event, after the draft's.
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0].before).toMatchObject({ id: ids[1], title: "B", onAirTime: iso(T0 + 15 * MIN) });
    expect(diff.changed[0].after).toMatchObject({ id: `${ids[1]}@changeSet${cs.id}`, eventId: ids[1], title: "B draft", onAirTime: iso(T0 + 12 * MIN) });
    expect(diff.removed.map((e: { title: string }) => e.title)).toEqual(["C"]);
    expect(diff.added.map((e: { title: string }) => e.title)).toEqual(["New"]);

    const preview = await client.query<any>({ query: PREVIEW, variables: { id: s.id, from: ids[0] }, fetchPolicy: "network-only" });
    expect(preview.data!.schedule.ripplePreview.page.content.map((e: { onAirTime: string }) => e.onAirTime)).toEqual([
      iso(T0),
      iso(T0 + 10 * MIN),
      iso(T0 + 20 * MIN),
    ]);

    const earlier = await client.query<any>({
      query: EARLIER,
      variables: { id: s.id, v: firstVersion, from: firstVersion, to: firstVersion + 1 },
      fetchPolicy: "network-only",
    });
    const atVersion = earlier.data!.schedule.atVersion;
    expect(atVersion).toMatchObject({ id: `${s.id}@v${firstVersion}`, version: firstVersion });
    expect(atVersion.events.content.map((e: { title: string }) => e.title)).toEqual(["A", "B", "C"]);
    expect(earlier.data!.scheduleDiff.changed[0]).toMatchObject({ eventId: ids[0], before: { title: "A" }, after: { title: "A live" } });

    // What the cache answers for the live query, without the network, is what the server said.
    expect(client.readQuery<any>({ query: LIVE, variables: { id: s.id } })).toEqual(liveData);
    const cache = client.cache.extract() as Record<string, Record<string, unknown>>;
    expect(cache[`Schedule:${s.id}`]).toMatchObject({ version: liveData!.schedule.version, name: "Tonight" });
    for (const [i, title] of ["A live", "B", "C"].entries()) expect(cache[`Event:${ids[i]}`]).toMatchObject({ title, version: liveData!.schedule.events.content[i].version });
    // Every copy has an entry of its own.
    expect(cache[`Event:${ids[1]}@changeSet${cs.id}`]).toMatchObject({ title: "B draft" });
    expect(cache[`Schedule:${s.id}@v${firstVersion}`]).toMatchObject({ version: firstVersion });
    expect(cache[`Event:${ids[0]}@v${firstVersion}`]).toMatchObject({ title: "A" });
  });
});
