// The asset catalog's AssetService, called directly with a Viewer (no HTTP, no GraphQL): upserts by
// assetId (versions, members kept and cleared, lookup columns), the list and its paging, input
// checks naming the field, roles and organizations. test/assets/assets.test.ts covers the same
// over GraphQL (and the schema's round trip of every nested member).
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Viewer } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import { classifyDatabaseError } from "../../src/db/driver-errors.js";
import type { AssetInput } from "../../src/assets/types.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();
const MIN = 60_000;

/** Plain objects as AssetInput (GraphQL would hand class instances of the same shape). */
const inputs = (...assets: Record<string, unknown>[]) => assets as unknown as AssetInput[];
const upsert = (viewer: Viewer, ...assets: Record<string, unknown>[]) => bed.services.assets.upsert(viewer, inputs(...assets));

/** The stored rows of an organization as [assetId, version, name], by assetId. */
async function rowsOf(org: string): Promise<[string, number, string | null][]> {
  const rows = await queryRows<{ asset_id: string; version: number; name: string | null }>(
    bed.handle.db,
    sql`select asset_id, version, name from assets where organization = ${org} order by asset_id`,
  );
  return rows.map((r) => [r.asset_id, Number(r.version), r.name]);
}

describe("AssetService", () => {
  it("creates at version 1 with the lookup columns its nested members give, and answers in the order given", async () => {
    const { org, viewer } = orgViewer();
    const created = await upsert(
      viewer,
      { assetId: "  B-1 ", mediaId: " M-B ", name: "  Bee  ", storageType: "ONLINE", metadata: { durationInMilliseconds: 10 * MIN, fps: 25 }, qcInfo: { qcStatus: "FAILED" }, systemFields: { title: "Bee title" } },
      { assetId: "A-1", fileData: [{ id: "f" }, { id: "g" }], tags: [{ name: "kids" }] },
    );
    expect(created.map((a) => a.assetId)).toEqual(["B-1", "A-1"]);
    expect(created[0]).toMatchObject({ organization: org, mediaId: "M-B", name: "Bee", storageType: "ONLINE", version: 1, metadata: { durationInMilliseconds: 10 * MIN, fps: 25 } });
    expect(created[1]).toMatchObject({ fileCount: 2, tags: [{ name: "kids" }], name: null, version: 1 });
    // The columns schedule checks filter on are copied from the nested members (rules.ts).
    const [row] = await queryRows<{ qc_status: string; duration_ms: number; title: string; created_by: string }>(
      bed.handle.db,
      sql`select qc_status, duration_ms, title, created_by from assets where organization = ${org} and asset_id = 'B-1'`,
    );
    expect({ ...row, duration_ms: Number(row.duration_ms) }).toEqual({ qc_status: "FAILED", duration_ms: 10 * MIN, title: "Bee title", created_by: "tester" });
    expect(await bed.services.assets.get(viewer, " B-1 ")).toEqual(created[0]);
  });

  it("adds 1 to the version only when an upsert changes the record; members left out stay, null clears", async () => {
    const { viewer } = orgViewer();
    const [first] = await upsert(viewer, { assetId: "A1", mediaId: "M1", name: "One", storageType: "ONLINE", metadata: { durationInMilliseconds: MIN } });
    const [same] = await upsert(viewer, { assetId: "A1", mediaId: "M1", name: "One" });
    expect(same).toEqual(first);
    const [renamed, other] = await upsert(viewer, { assetId: "A1", name: "One, renamed" }, { assetId: "A2", name: "Two" });
    expect(renamed).toMatchObject({ version: 2, name: "One, renamed", mediaId: "M1", storageType: "ONLINE", metadata: { durationInMilliseconds: MIN } });
    expect(renamed.dateUpdated.getTime()).toBeGreaterThanOrEqual(first.dateUpdated.getTime());
    expect(renamed.dateCreated).toEqual(first.dateCreated);
    expect(other.version).toBe(1);
    const [cleared] = await upsert(viewer, { assetId: "A1", mediaId: null, metadata: null, tags: [{ name: "x" }] });
    expect(cleared).toMatchObject({ version: 3, mediaId: null, metadata: null, name: "One, renamed", tags: [{ name: "x" }] });
    // Read-only members of the input (version, dates) are ignored.
    const [ignored] = await upsert(viewer, { assetId: "A1", version: 99, dateCreated: new Date(0) });
    expect(ignored).toMatchObject({ version: 3, dateCreated: first.dateCreated });
  });

  it("lists by assetId, a page at a time, with the name filter case-insensitive and LIKE's wildcards taken literally", async () => {
    const { viewer } = orgViewer();
    await upsert(
      viewer,
      ...Array.from({ length: 25 }, (_, i) => ({ assetId: `MEDIA-${String(25 - i).padStart(4, "0")}`, name: i % 2 ? `Evening News ${i}` : `Cartoon ${i}` })),
      { assetId: "ZZ-PCT", name: "100% Drama" },
    );
    const first = await bed.services.assets.list(viewer, {});
    expect(first).toMatchObject({ number: 0, size: 20, totalElements: 26, totalPages: 2, numberOfElements: 20, first: true, last: false });
    expect(first.content[0].assetId).toBe("MEDIA-0001");
    const second = await bed.services.assets.list(viewer, { page: 1 });
    expect(second).toMatchObject({ numberOfElements: 6, last: true });
    expect(second.content.at(-1)?.assetId).toBe("ZZ-PCT");
    expect(await bed.services.assets.list(viewer, { name: "NEWS", size: 5 })).toMatchObject({ totalElements: 12, totalPages: 3, numberOfElements: 5 });
    expect((await bed.services.assets.list(viewer, { name: "0%" })).content.map((a) => a.assetId)).toEqual(["ZZ-PCT"]);
    expect((await bed.services.assets.list(viewer, { name: "_" })).totalElements).toBe(0);
    expect((await bed.services.assets.list(viewer, { name: "   " })).totalElements).toBe(26);
    for (const [args, argument] of [[{ size: 0 }, "size"], [{ size: 1001 }, "size"], [{ page: -1 }, "page"]] as const) {
      expect((await appError(bed.services.assets.list(viewer, args), "BAD_USER_INPUT")).extensions).toMatchObject({ argument });
    }
  });

  it("refuses bad input with BAD_USER_INPUT naming the field, writing nothing of the call", async () => {
    const { org, viewer } = orgViewer();
    const valid = { assetId: "OK-1", name: "fine" };
    const cases: [Record<string, unknown>, string][] = [
      [{ assetId: "  " }, "assets[1].assetId"],
      [{ assetId: "OK-1" }, "assets[1].assetId"],
      [{ assetId: "x".repeat(201) }, "assets[1].assetId"],
      [{ assetId: "N", mediaId: "" }, "assets[1].mediaId"],
      [{ assetId: "N", assetSize: -1 }, "assets[1].assetSize"],
      [{ assetId: "N", fileData: [{ file: { fileSize: -5 } }] }, "assets[1].fileData[0].file.fileSize"],
      [{ assetId: "N", systemFields: { splitPartOffsets: [10, -10] } }, "assets[1].systemFields.splitPartOffsets[1]"],
      [{ assetId: "N", fileData: [{}, { processingInfo: { percentDone: 101 } }] }, "assets[1].fileData[1].processingInfo.percentDone"],
      [{ assetId: "N", customFields: { rating: 5 } }, "assets[1].customFields.rating"],
      [{ assetId: "N", metadata: { fps: 24.5 } }, "assets[1].metadata.fps"],
      [{ assetId: "N", tags: [{ name: " " }] }, "assets[1].tags[0].name"],
    ];
    for (const [bad, field] of cases) {
      const error = await appError(upsert(viewer, valid, bad), "BAD_USER_INPUT");
      expect(error.extensions, field).toMatchObject({ field });
      expect(error.message).toContain(field);
    }
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ assetId: `BULK-${i}` }));
    expect((await appError(upsert(viewer, ...tooMany), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "assets" });
    expect(await rowsOf(org)).toEqual([]);
    expect(await upsert(viewer)).toEqual([]);
  });

  it("keeps another organization's assets invisible: null to a lookup, FORBIDDEN to act in its name", async () => {
    const a = orgViewer();
    const b = orgViewer();
    await upsert(b.viewer, { assetId: "SHARED", name: "B's" });
    expect(await bed.services.assets.get(a.viewer, "SHARED")).toBeNull();
    expect(await bed.services.assets.get(a.viewer, "SHARED", b.org)).toBeNull();
    await appError(bed.services.assets.list(a.viewer, { organization: b.org }), "FORBIDDEN");
    await appError(bed.services.assets.upsert(a.viewer, inputs({ assetId: "X" }), b.org), "FORBIDDEN");
    // The same assetId in two organizations: two records.
    const [mine] = await upsert(a.viewer, { assetId: "SHARED", name: "A's" });
    expect(mine).toMatchObject({ organization: a.org, name: "A's", version: 1 });
    expect(await bed.services.assets.get(b.viewer, "SHARED")).toMatchObject({ name: "B's", version: 1 });
    expect(await rowsOf(b.org)).toEqual([["SHARED", 1, "B's"]]);
    // A caller of several organizations names one.
    const both = viewerOf([a.org, b.org]);
    expect((await appError(bed.services.assets.list(both, {}), "BAD_USER_INPUT")).message).toMatch(/name one with the organization argument/);
    expect((await bed.services.assets.list(both, { organization: b.org })).totalElements).toBe(1);
  });

  it("lets a viewer (and a playout machine) read and only an editor write", async () => {
    const { org, viewer } = orgViewer();
    await upsert(viewer, { assetId: "R", name: "read me" });
    for (const role of ["viewer", "playout"] as const) {
      const reader = viewerOf(org, role);
      expect(await bed.services.assets.get(reader, "R")).toMatchObject({ name: "read me" });
      expect((await bed.services.assets.list(reader, {})).totalElements).toBe(1);
      await appError(upsert(reader, { assetId: "R", name: "changed" }), "FORBIDDEN");
    }
    expect(await rowsOf(org)).toEqual([["R", 1, "read me"]]);
  });

  it("serializes concurrent upserts of overlapping assets: every change counted, none lost", async () => {
    const { viewer } = orgViewer();
    const ids = ["C1", "C2", "C3", "C4"];
    await upsert(viewer, ...ids.map((assetId) => ({ assetId, name: "start" })));
    const orders = [ids, [...ids].reverse(), [ids[2], ids[0], ids[3], ids[1]]];
    await Promise.all(orders.map((order, i) => upsert(viewer, ...order.map((assetId) => ({ assetId, name: `writer ${i}` })))));
    const stored = (await bed.services.assets.list(viewer, {})).content;
    expect(stored.map((a) => a.version)).toEqual([4, 4, 4, 4]);
    expect(new Set(stored.map((a) => a.name)).size).toBe(1);
  });

  it("nothing is half-written: a batch whose write the database refuses leaves every record as it was", async () => {
    const { org, viewer } = orgViewer();
    await upsert(viewer, { assetId: "KEEP", name: "kept" });
    const before = await rowsOf(org);
    // Passes the rules (a count, not negative) but not the int column: the database refuses the
    // one write statement after the stored rows were locked; the change to KEEP and the new NEW go with it.
    const error = await upsert(viewer, { assetId: "KEEP", name: "changed" }, { assetId: "NEW", name: "new" }, { assetId: "HUGE", fileCount: 2 ** 31 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(classifyDatabaseError(error)?.code).toBe("BAD_USER_INPUT");
    expect(await rowsOf(org)).toEqual(before);
  });
});
