// Reporting figures are answered to their documented precision (docs/REPORTING.md "Precision"):
// health averages to two decimals, never a float tail such as 27.402499999999993.
import { describe, expect, it } from "vitest";
import { HEALTH_FIGURE_DECIMALS, roundFigure } from "../../src/reporting/mapper.js";
import { INGEST } from "../helpers/telemetry.js";
import { uniqueOrg, useTestService } from "../helpers/service.js";

const t = useTestService();

describe("roundFigure", () => {
  it.each([
    [27.402499999999993, 27.4],
    [0.1 + 0.2, 0.3],
    [2 / 3, 0.67],
    [2.345, 2.35],
    [2.3449999999999998, 2.35],
    [2.3450000000000002, 2.35],
    [-2.345, -2.35],
    [-1e-7, 0],
    [1e-7, 0],
    [123456789.125, 123456789.13],
    [42, 42],
  ])("%s → %s", (value, expected) => {
    expect(roundFigure(value)).toBe(expected);
    expect(Object.is(roundFigure(value), -0)).toBe(false);
  });

  it("is two decimals, as documented", () => {
    expect(HEALTH_FIGURE_DECIMALS).toBe(2);
  });
});

describe("health averages over GraphQL", () => {
  it("playoutHistory answers averages rounded to two decimals on every source path", async () => {
    const org = uniqueOrg("prec");
    const admin = t.client(await t.token(org, "admin"));
    const p = `${org}-p`;
    // cpu 27.4025 is not exact in binary: the average of these three carries a float tail.
    const cpus = [27.1, 27.505, 27.6025];
    await admin.data(INGEST, {
      batch: {
        playouts: [{ playoutId: p, organization: org }],
        playoutSamples: cpus.map((cpu, i) => ({ playoutId: p, time: `2026-02-01T00:0${i}:00Z`, cpu, playback: 1, avmon: i === 0 ? 1 : 0 })),
      },
    });
    const raw = cpus.reduce((a, b) => a + b, 0) / cpus.length;
    expect(String(raw).length).toBeGreaterThan(8); // the unrounded figure has a tail
    const Q = `query($w: TimeWindowInput!) { playoutHistory(window: $w) { cpu avmon playback } }`;
    for (const w of [
      { from: "2026-02-01T00:00:00Z", to: "2026-02-01T01:00:00Z" }, // hourly rollup
      { from: "2026-02-01T00:00:00Z", to: "2026-02-01T00:10:00Z" }, // raw samples
    ]) {
      const { playoutHistory } = await admin.data(Q, { w });
      expect(playoutHistory).toEqual([{ cpu: roundFigure(raw), avmon: 0.33, playback: 1 }]);
      expect(String(playoutHistory[0].cpu).split(".")[1]?.length ?? 0).toBeLessThanOrEqual(2);
    }
  });
});
