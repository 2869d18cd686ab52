// BXF in local broadcast time through the service: a Europe/London schedule with a 06:00 broadcast
// day exported by the job across the fall-back night of 2026-10-25 (dates and times of day worked
// by hand), imported back with the timeZone and broadcastDayStart arguments (sync, as a job and by
// the CLI) as the same instants; the arguments checked as a schedule's; an as-run message of the
// zoned schedule read in its zone.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const H = 3_600_000;
const IMPORT = `mutation($file: Upload!, $scriptId: String, $timeZone: String, $broadcastDayStart: String) {
  importSchedule(file: $file, scriptId: $scriptId, timeZone: $timeZone, broadcastDayStart: $broadcastDayStart) { id timeZone broadcastDayStart events(size: 100) { content { onAirTime duration title } } } }`;
const IMPORT_ASYNC = `mutation($file: Upload!, $timeZone: String, $broadcastDayStart: String) { importScheduleAsync(file: $file, timeZone: $timeZone, broadcastDayStart: $broadcastDayStart) { ${JOB_FIELDS} } }`;
const EXPORT = `mutation($id: ID!) { exportSchedule(id: $id, fileName: "night", format: BXF) { ${JOB_FIELDS} } }`;
const SCHEDULE = `query($id: ID!) { schedule(id: $id) { timeZone broadcastDayStart events(size: 100) { content { onAirTime duration title } } } }`;

/** The fall-back night in air order: instant, length, title, and the broadcast date and local time of day BXF says (by hand). */
const NIGHT: [string, number, string, string, string][] = [
  ["2026-10-24T05:00:00.000Z", 17 * H, "Day", "2026-10-24", "06:00:00:00"],
  ["2026-10-24T22:00:00.000Z", 1.5 * H, "Late film", "2026-10-24", "23:00:00:00"],
  ["2026-10-24T23:30:00.000Z", H, "Night one", "2026-10-24", "00:30:00:00"],
  ["2026-10-25T00:30:00.000Z", H, "First 01:30", "2026-10-24", "01:30:00:00"],
  ["2026-10-25T01:30:00.000Z", 0.5 * H, "Second 01:30", "2026-10-24", "01:30:00:00"],
  ["2026-10-25T02:00:00.000Z", 4 * H, "Two o'clock", "2026-10-24", "02:00:00:00"],
  ["2026-10-25T06:00:00.000Z", H, "Sunday", "2026-10-25", "06:00:00:00"],
];
const SOURCE = JSON.stringify({
  format: "playout-gateway/schedule",
  schedule: { name: "Night", fps: 25, timeZone: "Europe/London", broadcastDayStart: "06:00" },
  events: NIGHT.map(([onAirTime, duration, title]) => ({ onAirTime, duration, title, eventType: "PRIMARY" })),
});
const EXPECTED = NIGHT.map(([onAirTime, duration, title]) => ({ onAirTime, duration, title }));

async function upload(org: string, name: string, content: string, variables: Record<string, unknown> = {}) {
  return uploadRequest(t.url, await t.token(org), IMPORT, { name, content }, variables);
}

async function exportBxf(gql: GraphQLClient, org: string, id: string): Promise<string> {
  const { exportSchedule: job } = await gql.data(EXPORT, { id });
  const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
  expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
  const response = await fetch(done.resourceLink, { headers: { authorization: `Bearer ${await t.token(org)}` } });
  return response.text();
}

describe("BXF in the schedule's local broadcast time, through the service", () => {
  it("exports the fall-back night in London broadcast time and imports it back, with the zone as arguments, as the same instants", async () => {
    const { gql, org } = await orgClient(t);
    const source = await upload(org, "night.json", SOURCE);
    expect(source.errors, JSON.stringify(source.errors)).toBeUndefined();
    expect(source.data!.importSchedule).toMatchObject({ timeZone: "Europe/London", broadcastDayStart: "06:00" });
    const bxf = await exportBxf(gql, org, source.data!.importSchedule.id);
    const starts = [...bxf.matchAll(/<EventData eventType="Primary"[^]*?broadcastDate="([^"]+)"><SmpteTimeCode>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(starts).toEqual(NIGHT.map(([, , , date, timecode]) => [date, timecode]));

    const back = await upload(org, "night.xml", bxf, { timeZone: "europe/london", broadcastDayStart: "06:00" });
    expect(back.errors, JSON.stringify(back.errors)).toBeUndefined();
    expect(back.data!.importSchedule).toMatchObject({ timeZone: "Europe/London", broadcastDayStart: "06:00" });
    expect(back.data!.importSchedule.events.content).toEqual(EXPECTED);

    const sent = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "night.xml", content: bxf }, { timeZone: "Europe/London", broadcastDayStart: "06:00" });
    const done = await waitForStatus(gql, sent.data!.importScheduleAsync.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
    const viaJob = (await gql.data(SCHEDULE, { id: done.entityId })).schedule;
    expect(viaJob).toMatchObject({ timeZone: "Europe/London", broadcastDayStart: "06:00" });
    expect(viaJob.events.content).toEqual(EXPECTED);

    // The CLI's --time-zone and --day-start.
    const dir = mkdtempSync(join(tmpdir(), "pgw-bxf-local-"));
    const file = join(dir, "night.xml");
    writeFileSync(file, bxf);
    const cli = await runCli(["import", file, "--time-zone", "Europe/London", "--day-start", "06:00", "--sync", "--url", t.url, "--org", org, "--quiet"]);
    expect(cli.code, cli.stderr).toBe(0);
    const viaCli = (await gql.data(SCHEDULE, { id: cli.stdout.split("\t")[0] })).schedule;
    expect(viaCli).toMatchObject({ timeZone: "Europe/London", broadcastDayStart: "06:00" });
    expect(viaCli.events.content).toEqual(EXPECTED);
  });

  it("checks timeZone and broadcastDayStart as a schedule's: BAD_USER_INPUT naming the value, nothing created", async () => {
    const { gql, org } = await orgClient(t);
    const before = (await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements;
    const zone = await upload(org, "night.json", SOURCE, { timeZone: "Mars/Olympus_Mons" });
    expect(zone.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^timeZone: unknown time zone "Mars\/Olympus_Mons"/), extensions: { code: "BAD_USER_INPUT", argument: "timeZone" } });
    const dayStart = await upload(org, "night.json", SOURCE, { broadcastDayStart: "25:00" });
    expect(dayStart.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^broadcastDayStart: broadcastDayStart "25:00" is not a local time of day/), extensions: { code: "BAD_USER_INPUT" } });
    const async = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "night.json", content: SOURCE }, { timeZone: "+01:00" });
    expect(async.errors?.[0]).toMatchObject({ message: expect.stringContaining('"+01:00"'), extensions: { code: "BAD_USER_INPUT" } });
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(before);
  });

  it("reads an as-run message of a zoned schedule in its zone and broadcast day", async () => {
    const { gql, org } = await orgClient(t);
    const source = await upload(org, "night.json", SOURCE);
    const id = source.data!.importSchedule.id;
    const item = (n: number, time: string) =>
      `<AsRun><BasicAsRun><AsRunEventId><EventId>urn:uuid:00000000-0000-4000-8000-00000000000${n}</EventId></AsRunEventId>` +
      `<Content><ContentId><HouseNumber>H-${n}</HouseNumber></ContentId></Content><AsRunDetail><Status>Aired Without Discrepancy</Status><Type>Primary</Type>` +
      `<StartDateTime><SmpteDateTime frameRate="25" broadcastDate="2026-10-24"><SmpteTimeCode>${time}</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<Duration><SmpteDuration frameRate="25"><SmpteTimeCode>00:30:00:00</SmpteTimeCode></SmpteDuration></Duration></AsRunDetail></BasicAsRun></AsRun>`;
    const xml = `<BxfMessage id="m-night"><BxfData><Schedule>${item(1, "01:30:00:00")}${item(2, "01:30:00:00")}${item(3, "02:00:00:00")}</Schedule></BxfData></BxfMessage>`;
    const sent = await uploadRequest(t.url, await t.token(org, "playout"), `mutation($s: ID!, $file: Upload!) { importAsRun(scheduleId: $s, file: $file) { ${JOB_FIELDS} } }`, { name: "as-run.xml", content: xml }, { s: id });
    expect(sent.errors, JSON.stringify(sent.errors)).toBeUndefined();
    const done = await waitForStatus(gql, sent.data!.importAsRun.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { asRun(size: 10) { content { mediaId actualStart } } } }`, { id });
    expect(schedule.asRun.content.map((e: { mediaId: string; actualStart: string }) => [e.mediaId, e.actualStart])).toEqual([
      ["H-1", "2026-10-25T00:30:00.000Z"],
      ["H-2", "2026-10-25T01:30:00.000Z"],
      ["H-3", "2026-10-25T02:00:00.000Z"],
    ]);
  });
});
