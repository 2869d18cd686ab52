// Numbers have domains: an fps is one of the rates the timecode module counts labels at (whole
// numbers 1 to 300, 23.976, 29.97, 59.94), wherever it is given (createSchedule, updateSchedule,
// importSchedule(Async), upsertAssets' metadata); the schedules filter takes any finite fps above 0
// and at most 300 (schedules stored before the rule stay findable); health figures of a sample are
// finite and within 10^15. Each refusal is BAD_USER_INPUT naming the field or argument.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAssetInputs } from "../../src/assets/rules.js";
import { AppError } from "../../src/common/errors.js";
import { checkFps } from "../../src/io/importer.js";
import { checkFpsFilter, scheduleFields } from "../../src/schedules/rules.js";
import { checkSampleFigures, MAX_HEALTH_FIGURE } from "../../src/telemetry/sample-rules.js";
import { ACCEPTED_FPS, defaultDropFrame, exactRate, fpsRefusal, framesPerDay, framesToTimecode, hasTimecode, timecodeToFrames } from "../../src/timecode/index.js";
import { orgClient, uniqueOrg, useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const ACCEPTED = [1, 2, 24, 25, 30, 48, 50, 60, 100, 120, 300, 23.976, 29.97, 59.94, 23.98, 24000 / 1001, 30000 / 1001, 60000 / 1001];
const REFUSED = [1e-300, 0, -0, -25, 0.5, 12.5, 25.5, 24.01, 47.952, 119.88, 301, 1e300, Number.NaN, Infinity, -Infinity, Number.MIN_VALUE, Number.MAX_VALUE];

/** The AppError `run` throws: its code, message and extensions. */
function refusal(run: () => unknown): { code: string; message: string; extensions: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message, extensions: error.extensions };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the accepted frame rates (src/timecode fpsRefusal)", () => {
  it("are exactly those with a timecode, and a refusal lists them", () => {
    for (const fps of ACCEPTED) expect(fpsRefusal(fps), String(fps)).toBeNull();
    for (const fps of REFUSED) {
      expect(fpsRefusal(fps), String(fps)).toBe(`must be ${ACCEPTED_FPS} (got ${fps})`);
      expect(hasTimecode(fps)).toBe(false);
    }
    expect(ACCEPTED_FPS).toMatch(/1 to 300.*23\.976, 29\.97 or 59\.94/);
  });

  it("property: every accepted fps counts labels, both ways, at its default drop-frame", () => {
    const near = (base: number) => fc.double({ min: base - 0.01, max: base + 0.01, noNaN: true });
    const fps = fc.oneof(fc.double(), fc.integer({ min: -5, max: 305 }), near(24000 / 1001), near(30000 / 1001), near(60000 / 1001), fc.constantFrom(...REFUSED));
    fc.assert(
      fc.property(fps, fc.nat({ max: 24 * 3600 * 300 }), (rate, frames) => {
        if (fpsRefusal(rate) !== null) {
          expect(() => exactRate({ fps: rate, dropFrame: false })).toThrow(/no timecode/);
          return;
        }
        const at = { fps: rate, dropFrame: defaultDropFrame(rate) };
        const frame = frames % framesPerDay(at);
        expect(timecodeToFrames(framesToTimecode(frame, at), at)).toBe(frame);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the rules that use it", () => {
  it("scheduleFields: fps and fpsFloat, each named", () => {
    expect(refusal(() => scheduleFields({ name: "x", fps: 1e-300 }))).toMatchObject({ code: "BAD_USER_INPUT", extensions: { field: "fps" } });
    expect(refusal(() => scheduleFields({ name: "x", fps: 1e-300 })).message).toBe(`fps must be ${ACCEPTED_FPS} (got 1e-300)`);
    expect(refusal(() => scheduleFields({ name: "x", fpsFloat: 12.5 }))).toMatchObject({ code: "BAD_USER_INPUT", extensions: { field: "fpsFloat" } });
    // fps wins when both are given, and is the one named.
    expect(refusal(() => scheduleFields({ name: "x", fps: 12.5, fpsFloat: 25 })).extensions.field).toBe("fps");
    expect(scheduleFields({ name: "x", fps: 29.97 }).fps).toBe(29.97);
    expect(scheduleFields({ name: "x", fpsFloat: 50 }).fps).toBe(50);
    // On update, an fps the schedule already has is not checked again: only what is given.
    expect(scheduleFields({ name: "x" }, { fps: 12.5 }).fps).toBeUndefined();
  });

  it("the schedules filter: any finite fps above 0 and at most 300, so that older schedules stay findable", () => {
    for (const fps of [12.5, 25, 29.97, 0.001, 300, null, undefined]) expect(() => checkFpsFilter(fps)).not.toThrow();
    for (const fps of [0, -1, 301, Infinity, Number.NaN]) {
      expect(refusal(() => checkFpsFilter(fps))).toMatchObject({ code: "BAD_USER_INPUT", extensions: { argument: "filter.fps" } });
    }
  });

  it("importSchedule's fps argument (default 25)", () => {
    expect(checkFps(undefined)).toBe(25);
    expect(checkFps(null)).toBe(25);
    expect(checkFps(59.94)).toBe(59.94);
    expect(refusal(() => checkFps(1e-300))).toEqual({ code: "BAD_USER_INPUT", message: `fps must be ${ACCEPTED_FPS} (got 1e-300)`, extensions: { argument: "fps" } });
  });

  it("an asset's metadata.fps", () => {
    expect(() => checkAssetInputs([{ assetId: "A", metadata: { fps: 23.976 } }])).not.toThrow();
    expect(refusal(() => checkAssetInputs([{ assetId: "A" }, { assetId: "B", metadata: { fps: 12.5 } }]))).toMatchObject({ code: "BAD_USER_INPUT", extensions: { field: "assets[1].metadata.fps" } });
  });

  it("health figures of a sample: finite and within 10^15, negative ones kept", () => {
    expect(() => checkSampleFigures([{ cpu: -1e-7, playback: 1, freeMemory: MAX_HEALTH_FIGURE, storage: -MAX_HEALTH_FIGURE, avmon: null }])).not.toThrow();
    for (const value of [Infinity, -Infinity, Number.NaN, 1e16, -1e16]) {
      expect(refusal(() => checkSampleFigures([{ cpu: 1 }, { cpu: 1, freeMemory: value }]))).toMatchObject({
        code: "BAD_USER_INPUT",
        extensions: { argument: "batch.playoutSamples[1].freeMemory" },
      });
    }
  });
});

describe("over GraphQL", () => {
  const t = useTestService();
  const CREATE = `mutation($input: ScheduleInput!) { createSchedule(input: $input) { id fps } }`;

  it("createSchedule and updateSchedule refuse fps 1e-300 (JSON) and 1e999 (a literal: Infinity) naming fps", async () => {
    const { gql } = await orgClient(t);
    const tiny = await gql.error(CREATE, { input: { name: "x", fps: 1e-300 } });
    expect(tiny.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "fps" });
    expect(tiny.message).toContain(ACCEPTED_FPS);
    const infinite = await gql.error(`mutation { createSchedule(input: { name: "x", fps: 1e999 }) { id } }`);
    expect(infinite.extensions).toMatchObject({ code: "BAD_USER_INPUT" });
    const { createSchedule: s } = await gql.data(CREATE, { input: { name: "ok", fps: 29.97 } });
    expect(s.fps).toBe(29.97);
    const update = await gql.error(`mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, { id: s.id, input: { fpsFloat: 12.5 } });
    expect(update.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "fpsFloat" });
  });

  it("every timecode of a schedule at an accepted fps answers", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule: s } = await gql.data(CREATE, { input: { name: "tc", fps: 23.98 } });
    const { createEvent } = await gql.data(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { onAirTimecode durationTimecode } }`, {
      s: s.id,
      input: { duration: 60_000, onAirTime: "2026-01-01T00:00:00Z" },
    });
    expect(createEvent.onAirTimecode).not.toBeNull();
    expect(createEvent.durationTimecode).not.toBeNull();
  });

  it("importSchedule refuses fps 1e-300 naming the argument", async () => {
    const { org } = await orgClient(t);
    const result = await uploadRequest(t.url, await t.token(org), `mutation($file: Upload!, $fps: Float) { importSchedule(file: $file, scriptId: "csv", fps: $fps) { id } }`, { name: "a.csv", content: "onAirTime,duration,title\n2026-01-01T00:00:00Z,1000,a" }, { fps: 1e-300 });
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "fps" });
  });

  it("the schedules filter finds by a finite fps and refuses Infinity", async () => {
    const { gql } = await orgClient(t);
    await gql.data(CREATE, { input: { name: "f", fps: 50 } });
    expect((await gql.data(`{ schedules(filter: { fps: 50 }) { totalElements } }`)).schedules.totalElements).toBe(1);
    expect((await gql.data(`{ schedules(filter: { fps: 12.5 }) { totalElements } }`)).schedules.totalElements).toBe(0);
    expect((await gql.error(`{ schedules(filter: { fps: 1e999 }) { totalElements } }`)).extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "filter.fps" });
  });

  it("upsertAssets refuses metadata.fps 12.5; ingestTelemetry refuses a figure of 1e999", async () => {
    const { gql } = await orgClient(t);
    const asset = await gql.error(`mutation($assets: [AssetInput!]!) { upsertAssets(assets: $assets) { assetId } }`, { assets: [{ assetId: "A", metadata: { fps: 12.5 } }] });
    expect(asset.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "assets[0].metadata.fps" });
    const org = uniqueOrg();
    const admin = t.client(await t.token(org, "admin"));
    const figure = await admin.error(`mutation { ingestTelemetry(batch: { playoutSamples: [{ playoutId: "p", time: "2026-01-01T00:00:00Z", cpu: 1e999 }] }) { playoutSamples } }`);
    expect(figure.extensions).toMatchObject({ code: "BAD_USER_INPUT", argument: "batch.playoutSamples[0].cpu" });
  });
});
