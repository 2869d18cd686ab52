// A schedule with every kind of problem validation reports, and the catalog it points to.
import type { GraphQLClient } from "../helpers/service.js";
import { createSchedule, MIN, T0, type Spec } from "../events/helpers.js";

export const SEC = 1000;

export const UPSERT = `mutation($assets: [AssetInput!]!, $organization: String) { upsertAssets(assets: $assets, organization: $organization) { assetId } }`;

export const asset = (assetId: string, fields: { mediaId?: string; name: string; ms: number; storageType?: string; qc?: string; title?: string }) => ({
  assetId,
  mediaId: fields.mediaId ?? assetId,
  name: fields.name,
  storageType: fields.storageType ?? "ONLINE",
  qcInfo: { qcStatus: fields.qc ?? "PASSED" },
  metadata: { durationInMilliseconds: fields.ms },
  systemFields: { title: fields.title ?? `${fields.name} (title)` },
});

export const CATALOG = [
  asset("A-OK", { mediaId: "M-OK", name: "Okay asset", ms: 10 * MIN, title: "Okay Title" }),
  asset("A-ARCH", { name: "Archived film", ms: 10 * MIN, storageType: "ARCHIVED" }),
  asset("A-QC", { name: "Broken clip", ms: 5 * MIN, qc: "FAILED" }),
  asset("A-SHORT", { mediaId: "M-SHORT", name: "Short one", ms: 4 * MIN }),
  asset("AD-1", { mediaId: "SPOT-1", name: "Spot one", ms: 30 * SEC }),
];

export interface Fixture {
  scheduleId: string;
  version: number;
  /** E0 … E7 as described below. */
  ids: string[];
}

/**
 * breakMin 60 s, breakMax 90 s. Minutes from T0:
 * E0 0–10 PRIMARY A-OK (M-OK, programme News) · E1 10–10.5 AD SPOT-1 · E2 10.5–11 AD SPOT-404 (missing)
 * E3 11–19 PRIMARY A-OK (programme News) · gap 1 min · E4 20–26 PRIMARY A-QC (failed QC, longer than its 5 min)
 * E5 25–31 PRIMARY mediaId A-ARCH (archived; overlaps E4 and the locked E6 by 1 min each)
 * E6 30–40 LIVE locked · E7 40–40.5 AD SPOT-1 (a 30 s break: below breakMin)
 */
export async function problemSchedule(gql: GraphQLClient, name = "Checks"): Promise<Fixture> {
  await gql.data(UPSERT, { assets: CATALOG });
  const s = await createSchedule(gql, name, { breakMin: 60_000, breakMax: 90_000, channel: "One", channelId: 7 });
  const specs: Spec[] = [
    { at: T0, duration: 10 * MIN, title: "News (part 1)", mediaId: "M-OK", assetData: { assetId: "A-OK" }, programme: { title: "News", description: "Daily news" } },
    { at: T0 + 10 * MIN, duration: 30 * SEC, title: "Spot", eventType: "ADVERTISEMENT", mediaId: "SPOT-1" },
    { at: T0 + 10 * MIN + 30 * SEC, duration: 30 * SEC, title: "Lost spot", eventType: "ADVERTISEMENT", mediaId: "SPOT-404" },
    { at: T0 + 11 * MIN, duration: 8 * MIN, title: "News (part 2)", mediaId: "M-OK", assetData: { assetId: "A-OK" }, programme: { title: "News" } },
    { at: T0 + 20 * MIN, duration: 6 * MIN, title: "Broken", assetData: { assetId: "A-QC" } },
    { at: T0 + 25 * MIN, duration: 6 * MIN, title: "Old film", mediaId: "A-ARCH" },
    { at: T0 + 30 * MIN, duration: 10 * MIN, title: "Live", eventType: "LIVE", locked: true },
    { at: T0 + 40 * MIN, duration: 30 * SEC, title: "Spot again", eventType: "ADVERTISEMENT", mediaId: "SPOT-1" },
  ];
  // One edit for all eight (the fixture of many tests): the created events come back in input order.
  const { bulkEditEvents } = await gql.data(
    `mutation($s: ID!, $v: Int!, $created: [EventInput!]!) { bulkEditEvents(scheduleId: $s, version: $v, input: { created: $created }) { content { version changedEvents(size: 100) { content { eventId } } } } }`,
    { s: s.id, v: s.version, created: specs.map(({ at, ...rest }) => ({ onAirTime: new Date(at).toISOString(), title: "Event", ...rest })) },
  );
  const ids = (bulkEditEvents.content.changedEvents.content as { eventId: string }[]).map((c) => c.eventId);
  return { scheduleId: s.id, version: bulkEditEvents.content.version, ids };
}

export async function versionOf(gql: GraphQLClient, scheduleId: string): Promise<number> {
  const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: scheduleId });
  return schedule.version;
}
