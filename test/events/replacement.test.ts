// bulkEditEvents' replacement and replaceAsset agree (issue 14): an asset of the catalog gives
// the event its asset id, mediaId and, when the catalog knows it, its duration; a media the
// catalog does not know keeps the event's duration.
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { asset, UPSERT } from "../checks/helpers.js";
import { addEvents, createSchedule, MIN, T0 } from "./helpers.js";

const t = useTestService();

const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } messages { message } } }`;
const REPLACE = `mutation($s: ID!, $a: String!, $v: Int!, $r: AssetReplacementInput!) { replaceAsset(scheduleId: $s, assetId: $a, version: $v, replacement: $r) { eventsModified } }`;
const EVENTS = `query($id: ID!) { schedule(id: $id) { version events(size: 100) { content { id duration mediaId assetData { assetId } } } } }`;

async function oneEvent() {
  const { gql } = await orgClient(t);
  await gql.data(UPSERT, { assets: [asset("OLD", { name: "Old", ms: 10 * MIN }), asset("NEW", { mediaId: "NEW-M", name: "New", ms: 4 * MIN })] });
  const s = await createSchedule(gql);
  const [id] = await addEvents(gql, s.id, [{ at: T0, duration: 10 * MIN, mediaId: "OLD", assetData: { assetId: "OLD" } }]);
  return { gql, s: s.id, id };
}

const stateOf = async (gql: Awaited<ReturnType<typeof oneEvent>>["gql"], s: string) => (await gql.data(EVENTS, { id: s })).schedule;

describe("an asset replaced by bulkEditEvents and by replaceAsset", () => {
  it("takes the catalog asset's id, mediaId and duration either way", async () => {
    const viaBulk = await oneEvent();
    const result = await viaBulk.gql.data(BULK, { s: viaBulk.s, v: 2, input: { replacement: { mediaId: "NEW", replacementEventId: viaBulk.id } } });
    expect(result.bulkEditEvents.messages[0].message).toContain(`its duration is the asset's, ${4 * MIN} ms`);
    const viaReplace = await oneEvent();
    await viaReplace.gql.data(REPLACE, { s: viaReplace.s, a: "OLD", v: 2, r: { assetId: "NEW" } });
    const [bulkEvent] = (await stateOf(viaBulk.gql, viaBulk.s)).events.content;
    const [replaceEvent] = (await stateOf(viaReplace.gql, viaReplace.s)).events.content;
    expect(bulkEvent).toMatchObject({ duration: 4 * MIN, mediaId: "NEW-M", assetData: { assetId: "NEW" } });
    expect({ ...replaceEvent, id: bulkEvent.id }).toEqual(bulkEvent);
  });

  it("keeps the event's duration for a media the catalog does not know", async () => {
    const { gql, s, id } = await oneEvent();
    const result = await gql.data(BULK, { s, v: 2, input: { replacement: { mediaId: "ELSEWHERE", replacementEventId: id } } });
    expect(result.bulkEditEvents.messages[0].message).toContain("its duration is kept (the asset is not in the catalog)");
    const [event] = (await stateOf(gql, s)).events.content;
    expect(event).toMatchObject({ duration: 10 * MIN, mediaId: "ELSEWHERE" });
  });
});
