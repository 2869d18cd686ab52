import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveKeys } from "../../src/assets/lookup.js";
import { checkAssetInputs, mergeAssetColumns, sameColumns } from "../../src/assets/rules.js";
import type { AssetInput } from "../../src/assets/types.js";

const fails = (inputs: unknown[]) => {
  try {
    checkAssetInputs(inputs as AssetInput[]);
  } catch (error: any) {
    return { code: error.code, field: error.extensions.field ?? error.extensions.argument };
  }
  return null;
};

describe("checkAssetInputs", () => {
  it.each([
    [[{ assetId: "A", fileData: [{ mediaInfo: { audioLoudnessData: { summary: { integrated: { lufs: -23, tpfs: -1 } } } } }] }]],
    [[{ assetId: "A", fileData: [{ mediaInfo: { properties: { nested: { n: -1 } }, audioStreams: [{ properties: { gain: -3 } }] } }] }]],
    [[{ assetId: "A", fileData: [{ journal: [{ timeStamp: -1 }] }] }]],
    [[{ assetId: "A", customFields: { a: "1" }, fileData: [{ properties: { b: "2" }, origin: { properties: { c: "3" } } }] }]],
    [[{ assetId: "A", mediaId: null, metadata: { fps: 29.97 } }, { assetId: "B" }]],
    [[]],
  ])("accepts %j", (inputs) => expect(fails(inputs)).toBeNull());

  it.each([
    [[{ assetId: "" }], "assets[0].assetId"],
    [[{ assetId: "A" }, { assetId: " A " }], "assets[1].assetId"],
    [[{ assetId: "A", fileData: [{ mediaInfo: { videoStreams: [{ width: -1 }] } }] }], "assets[0].fileData[0].mediaInfo.videoStreams[0].width"],
    [[{ assetId: "A", fileData: [{ mediaInfo: { audioLoudnessData: { trackLoudnessData: [{ number: -1 }] } } }] }], "assets[0].fileData[0].mediaInfo.audioLoudnessData.trackLoudnessData[0].number"],
    [[{ assetId: "A", fileData: [{ mediaStoreObject: { ttl: -1 } }] }], "assets[0].fileData[0].mediaStoreObject.ttl"],
    [[{ assetId: "A", fileData: [{ origin: { properties: { port: 21 } } }] }], "assets[0].fileData[0].origin.properties.port"],
    [[{ assetId: "A", fileData: [{ properties: { n: null } }] }], "assets[0].fileData[0].properties.n"],
    [[{ assetId: "A", metadata: { fps: 301 } }], "assets[0].metadata.fps"],
    [[{ assetId: "A", systemFields: { som: -40 } }], "assets[0].systemFields.som"],
  ])("refuses %j at %s", (inputs, field) => expect(fails(inputs)).toEqual({ code: "BAD_USER_INPUT", field }));

  it("refuses more than 1,000 assets", () => {
    expect(fails(Array.from({ length: 1001 }, (_, i) => ({ assetId: String(i) })))).toEqual({ code: "BAD_USER_INPUT", field: "assets" });
    expect(fails(Array.from({ length: 1000 }, (_, i) => ({ assetId: String(i) })))).toBeNull();
  });
});

describe("mergeAssetColumns", () => {
  const stored = mergeAssetColumns(
    { assetId: "A", mediaId: "M", name: "Old", qcInfo: { qcStatus: "FAILED" }, metadata: { durationInMilliseconds: 1000 }, systemFields: { title: "T" }, fileData: [{ id: "f" }] } as any,
    undefined,
  );

  it("copies the lookup columns from the nested structures", () => {
    expect(stored).toMatchObject({ mediaId: "M", name: "Old", qcStatus: "FAILED", durationMs: 1000, title: "T", fileCount: 1 });
  });

  it("keeps members left out, clears nulls and replaces nested structures whole", () => {
    const next = mergeAssetColumns({ assetId: "A", name: "  New ", metadata: { fps: 25 }, qcInfo: null } as any, stored);
    expect(next).toMatchObject({ mediaId: "M", name: "New", metadata: { fps: 25 }, durationMs: null, qcInfo: null, qcStatus: null, title: "T", fileCount: 1 });
    expect(sameColumns(stored, next)).toBe(false);
    expect(sameColumns(stored, mergeAssetColumns({ assetId: "A", name: "Old" } as any, stored))).toBe(true);
  });

  it("stores instants as ISO strings and compares dateApplied by time", () => {
    const withDates = mergeAssetColumns({ assetId: "A", dateApplied: new Date("2026-01-01T00:00:00Z"), fileData: [{ createDate: new Date("2026-01-02T00:00:00Z") }] } as any, undefined);
    expect((withDates.fileData as any)[0].createDate).toBe("2026-01-02T00:00:00.000Z");
    expect(sameColumns(withDates, { ...withDates, dateApplied: new Date("2026-01-01T00:00:00.000Z") })).toBe(true);
    expect(sameColumns(withDates, { ...withDates, dateApplied: null })).toBe(false);
  });
});

describe("sameColumns", () => {
  const json = fc.jsonValue({ maxDepth: 4 }).filter((v) => v !== null && typeof v === "object" && !Array.isArray(v)) as fc.Arbitrary<Record<string, unknown>>;
  const shuffleKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shuffleKeys);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, shuffleKeys(v)]));
  };
  const columns = (metadata: Record<string, unknown> | null) => mergeAssetColumns({ assetId: "A", metadata } as any, undefined);

  it("ignores key order, as jsonb does", () => {
    fc.assert(fc.property(json, (metadata) => sameColumns(columns(metadata), { ...columns(metadata), metadata: shuffleKeys(JSON.parse(JSON.stringify(metadata))) as any })));
  });

  it("sees a changed or added member", () => {
    fc.assert(
      fc.property(json, fc.string(), (metadata, extra) => !sameColumns(columns(metadata), { ...columns(metadata), metadata: { ...JSON.parse(JSON.stringify(metadata)), [`extra:${extra}`]: 1 } })),
    );
  });
});

describe("resolveKeys", () => {
  const id = fc.constantFrom("A", "B", "C", "D", "E");
  const rows = fc.uniqueArray(fc.record({ assetId: id, mediaId: fc.option(id, { nil: null }) }), { selector: (r) => r.assetId });

  it("names by assetId first, else by the mediaId of the smallest assetId", () => {
    fc.assert(
      fc.property(rows, fc.array(id), (catalog, keys) => {
        const found = resolveKeys(catalog, keys);
        for (const key of keys) {
          const byAsset = catalog.find((r) => r.assetId === key);
          const byMedia = catalog.filter((r) => r.mediaId === key).sort((a, b) => a.assetId.localeCompare(b.assetId))[0];
          expect(found.get(key)).toBe(byAsset ?? byMedia);
        }
      }),
    );
  });
});
