// generateSchedule through GraphQL with a worker: a template's days land in a new change set's
// draft (never the live events), the job names its gaps and placeholders, the same inputs generate
// the same draft, a series continues into the next generation, and bad input writes nothing.
import { describe, expect, it } from "vitest";
import { UPSERT, asset } from "../checks/helpers.js";
import { createSchedule } from "../events/helpers.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";

const t = useOwnTestService({ runWorker: true, jobPollMs: 20 });
const MIN = 60_000;

const COLLECTION = `mutation($input: AssetCollectionInput!) { createAssetCollection(input: $input) { id } }`;
const TEMPLATE = `mutation($input: ScheduleTemplateInput!) { createScheduleTemplate(input: $input) { id version slots { id } } }`;
const GENERATE = `mutation($input: GenerateScheduleInput!) { generateSchedule(input: $input) { id type status entityId } }`;
const JOB = `query($id: ID!) { job(id: $id) { status progress entityId messages { type message } } }`;
const DRAFT = `query($id: ID!) { changeSet(id: $id) { version events(size: 1000) { totalElements content { onAirTime duration eventType title mediaId } } } }`;

/** A catalog of episodes, spots and fillers, two collections of each use, and a template over them. */
async function channel(gql: GraphQLClient) {
  const episodes = Array.from({ length: 6 }, (_, i) => asset(`EP-${i + 1}`, { mediaId: `EP-${i + 1}`, name: `Episode ${i + 1}`, ms: 22 * MIN }));
  const spots = [asset("SPOT-A", { mediaId: "SPOT-A", name: "Spot A", ms: 30_000 }), asset("SPOT-B", { mediaId: "SPOT-B", name: "Spot B", ms: 60_000 })];
  const fillers = [asset("FILL-5", { mediaId: "FILL-5", name: "Filler five", ms: 5 * MIN }), asset("FILL-1", { mediaId: "FILL-1", name: "Filler one", ms: MIN })];
  await gql.data(UPSERT, { assets: [...episodes, ...spots, ...fillers] });
  const collection = async (name: string, kind: string, mediaIds: string[]) => (await gql.data(COLLECTION, { input: { name, kind, mediaIds } })).createAssetCollection.id as string;
  const series = await collection("Series", "PROGRAMMES", episodes.map((e) => e.mediaId!));
  const breaks = await collection("Spots", "ADVERTISEMENTS", ["SPOT-A", "SPOT-B"]);
  const filler = await collection("Fillers", "FILLER", ["FILL-5", "FILL-1"]);
  const slots = [
    // Two episodes at 20:00 with a 90-second break after each, then filler to the 21:00 live window.
    { days: ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"], start: "20:00", anchor: "HARD", source: "COLLECTION", eventType: "PRIMARY", collectionId: series, order: "SEQUENTIAL", items: 2, breakCollectionId: breaks, breakMs: 90_000, fillerCollectionId: filler, overrun: "DROP" },
    { days: ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"], start: "21:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", title: "Late show", durationMs: 60 * MIN, order: "SEQUENTIAL", overrun: "TRIM" },
  ];
  const template = (await gql.data(TEMPLATE, { input: { name: "Evenings", timeZone: "Europe/London", broadcastDayStart: "06:00", slots } })).createScheduleTemplate;
  const schedule = await createSchedule(gql, "Channel one", { timeZone: "Europe/London", broadcastDayStart: "06:00" });
  return { template, schedule };
}

async function finished(gql: GraphQLClient, id: string) {
  for (let i = 0; i < 400; i++) {
    const { job } = await gql.data(JOB, { id });
    if (["SUCCEEDED", "FAILED", "CANCELED"].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not finish`);
}

async function generate(gql: GraphQLClient, input: Record<string, unknown>) {
  const { generateSchedule: job } = await gql.data(GENERATE, { input });
  expect(job).toMatchObject({ type: "SCHEDULE_GENERATE" });
  const done = await finished(gql, job.id);
  expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
  return { job: done, draft: (await gql.data(DRAFT, { id: done.entityId })).changeSet };
}

describe("generateSchedule", () => {
  it("writes the days into a new change set's draft, names what it filled, and applies like any draft", async () => {
    const { gql } = await orgClient(t, "editor");
    const { template, schedule } = await channel(gql);
    const { job, draft } = await generate(gql, { templateId: template.id, scheduleId: schedule.id, from: "2026-03-02", days: 2 });
    const events = draft.events.content;
    // Each broadcast day is covered whole: 06:00 to 06:00 (London is on GMT in early March).
    // From 06:00 to the 20:00 hard start: the first slot's filler.
    expect(events[0]).toMatchObject({ onAirTime: "2026-03-02T06:00:00.000Z", mediaId: "FILL-5" });
    const evening = events.filter((e: { onAirTime: string }) => e.onAirTime >= "2026-03-02T20:00:00.000Z" && e.onAirTime < "2026-03-02T21:00:00.000Z");
    expect(evening.map((e: { mediaId: string | null }) => e.mediaId).slice(0, 6)).toEqual(["EP-1", "SPOT-A", "SPOT-B", "EP-2", "SPOT-A", "SPOT-B"]);
    expect(events.find((e: { onAirTime: string }) => e.onAirTime === "2026-03-02T21:00:00.000Z")).toMatchObject({ eventType: "LIVE", title: "Late show", duration: 60 * MIN });
    const total = events.reduce((sum: number, e: { duration: number }) => sum + e.duration, 0);
    expect(total).toBe(2 * 24 * 60 * MIN);
    expect(job.messages.map((m: { message: string }) => m.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Generated 2 broadcast days from 2026-03-02/), expect.stringMatching(/^2026-03-02: gap of .* filled with .* of "Fillers"/)]),
    );
    // The live schedule has no events until the draft is applied; then it has the draft's.
    const LIVE = `query($id: ID!) { schedule(id: $id) { version events(size: 1) { totalElements } history(size: 1) { content { operation } } } }`;
    const before = (await gql.data(LIVE, { id: schedule.id })).schedule;
    expect(before.events.totalElements).toBe(0);
    const { changeSet } = await gql.data(`query($id: ID!) { changeSet(id: $id) { validation(fullList: false) { totals { overlaps gaps } } } }`, { id: job.entityId });
    expect(changeSet.validation.totals).toEqual({ overlaps: 0, gaps: 0 });
    await gql.data(`mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { version } }`, { id: job.entityId, v: before.version });
    const after = (await gql.data(LIVE, { id: schedule.id })).schedule;
    expect(after.events.totalElements).toBe(draft.events.totalElements);
    expect(after.history.content[0].operation).toBe("applyChangeSet");
    // The generated days export as any schedule's do: a BXF message with a ScheduledEvent per event, and XMLTV.
    for (const format of ["BXF", "XMLTV"]) {
      const { exportSchedule } = await gql.data(`mutation($id: ID!, $f: ExportFormat) { exportSchedule(id: $id, fileName: "generated", format: $f) { id } }`, { id: schedule.id, f: format });
      expect((await finished(gql, exportSchedule.id)).status).toBe("SUCCEEDED");
      if (format !== "BXF") continue;
      const { job: exported } = await gql.data(`query($id: ID!) { job(id: $id) { downloadUrl } }`, { id: exportSchedule.id });
      const file = await (await fetch(exported.downloadUrl)).text();
      expect(file.match(/<ScheduledEvent\b/g)?.length).toBe(draft.events.totalElements);
    }
  });

  it("generates the same draft from the same inputs, and continues the series in the next generation", async () => {
    const { gql } = await orgClient(t, "editor");
    const { template, schedule } = await channel(gql);
    const input = { templateId: template.id, scheduleId: schedule.id, from: "2026-03-09", days: 1, seed: 7 };
    const first = await generate(gql, input);
    const again = await generate(gql, input);
    expect(again.job.entityId).not.toBe(first.job.entityId);
    expect(again.draft.events.content).toEqual(first.draft.events.content);
    const episodes = (draft: { events: { content: { mediaId: string | null }[] } }) => draft.events.content.flatMap((e) => (e.mediaId?.startsWith("EP-") ? [e.mediaId] : []));
    expect(episodes(first.draft)).toEqual(["EP-1", "EP-2"]);
    const next = await generate(gql, { ...input, from: "2026-03-10" });
    expect(episodes(next.draft)).toEqual(["EP-3", "EP-4"]);
  });

  it("refuses bad input with the field named and writes nothing", async () => {
    const { gql } = await orgClient(t, "editor");
    const { template, schedule } = await channel(gql);
    const base = { templateId: template.id, scheduleId: schedule.id, from: "2026-03-02", days: 1 };
    const refused = async (input: Record<string, unknown>) => (await gql.error(GENERATE, { input: { ...base, ...input } })).extensions;
    expect(await refused({ days: 0 })).toMatchObject({ code: "BAD_USER_INPUT", argument: "input.days" });
    expect(await refused({ days: 32 })).toMatchObject({ code: "BAD_USER_INPUT", argument: "input.days" });
    expect(await refused({ from: "2026-13-01" })).toMatchObject({ code: "BAD_USER_INPUT", argument: "input.from" });
    expect(await refused({ templateId: "999999" })).toMatchObject({ code: "NOT_FOUND" });
    const other = await orgClient(t, "editor");
    const foreign = await channel(other.gql);
    expect(await refused({ templateId: foreign.template.id })).toMatchObject({ code: "NOT_FOUND" });
    expect(await refused({ scheduleId: foreign.schedule.id })).toMatchObject({ code: "NOT_FOUND" });
    const { changeSets } = await gql.data(`query($s: ID!) { changeSets(scheduleId: $s) { id } }`, { s: schedule.id });
    expect(changeSets).toEqual([]);
  });

  it("keeps the lock horizon: nothing is written or removed before now + the schedule's horizon", async () => {
    const { gql } = await orgClient(t, "editor");
    const { template, schedule } = await channel(gql);
    const HORIZON = 36 * 60 * MIN;
    await gql.data(`mutation($id: ID!, $h: SafeInt!) { updateSchedule(id: $id, input: { lockHorizonMs: $h }) { id } }`, { id: schedule.id, h: HORIZON });
    const asked = Date.now();
    const today = new Date(asked).toISOString().slice(0, 10);
    const { job, draft } = await generate(gql, { templateId: template.id, scheduleId: schedule.id, from: today, days: 3 });
    const starts = draft.events.content.map((e: { onAirTime: string }) => Date.parse(e.onAirTime));
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(asked + HORIZON);
    expect(job.messages.map((m: { message: string }) => m.message)).toEqual(expect.arrayContaining([expect.stringMatching(/kept as they are \(the lock horizon\)/)]));
  });

  it("runs from the command line: `generate` prints the change set and the job's messages; bad options exit 2", async () => {
    const o = await orgClient(t, "editor");
    const { template, schedule } = await channel(o.gql);
    const generated = await runCliInProcess(["generate", "--template", template.id, "--schedule", schedule.id, "--from", "2026-03-02", "--days", "1", "--url", t.url, "--org", o.org, "--quiet"]);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/^change set \d+\nOK Generated 1 broadcast day from 2026-03-02/);
    const refused = await runCliInProcess(["generate", "--template", template.id, "--schedule", schedule.id, "--from", "March", "--days", "1", "--url", t.url, "--org", o.org]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--from must be a broadcast date/);
  });

  it("keeps the traffic rules: an item out of its window is swapped and named, and the draft validates clean", async () => {
    const { gql } = await orgClient(t, "editor");
    const { template, schedule } = await channel(gql);
    await gql.data(`mutation($id: ID!) { updateSchedule(id: $id, input: { channel: "One", separation: { sameAssetMinMs: 3600000, sameAdvertiserMinMs: 0, sameCategoryMinMs: 0 } }) { id } }`, { id: schedule.id });
    // EP-2's licence ended before the days generated; EP-3 is for this channel once a broadcast day.
    await gql.data(UPSERT, {
      assets: [
        { ...asset("EP-2", { mediaId: "EP-2", name: "Episode 2", ms: 22 * MIN }), rights: [{ start: "2025-01-01T00:00:00Z", end: "2026-01-01T00:00:00Z", channels: [] }] },
        { ...asset("EP-3", { mediaId: "EP-3", name: "Episode 3", ms: 22 * MIN }), rights: [{ channels: ["One"], maxRunsPerDay: 1 }] },
      ],
    });
    const { job, draft } = await generate(gql, { templateId: template.id, scheduleId: schedule.id, from: "2026-03-02", days: 2 });
    const episodes = draft.events.content.flatMap((e: { mediaId: string | null }) => (e.mediaId?.startsWith("EP-") ? [e.mediaId] : []));
    expect(episodes).toEqual(["EP-1", "EP-3", "EP-4", "EP-5"]);
    expect(job.messages.map((m: { message: string }) => m.message)).toEqual(expect.arrayContaining([expect.stringMatching(/EP-2 \(OUTSIDE_WINDOW\); EP-3 plays instead/)]));
    const { changeSet } = await gql.data(`query($id: ID!) { changeSet(id: $id) { validation(fullList: false) { totals { rightsIssues separationIssues } } } }`, { id: job.entityId });
    expect(changeSet.validation.totals).toEqual({ rightsIssues: 0, separationIssues: 0 });
  });
});
