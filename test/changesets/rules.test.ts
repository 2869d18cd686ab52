import { describe, expect, it } from "vitest";
import { changedFields } from "../../src/changesets/rules.js";
import type { EventRow } from "../../src/schedules/store/tables.js";

const base: EventRow = {
  id: 1, scheduleId: 1, organization: "o", onAirTime: 1000, duration: 500, eventType: "PRIMARY", title: "A", locked: false,
  mediaId: "M1", assetId: "A1", status: null, version: 1, qcStatus: null, programmeTitle: null,
  data: { som: 0, programme: { title: "P", start: "x" }, houseId: null },
};
const after = (change: Partial<EventRow>): EventRow => ({ ...base, ...change });

describe("changedFields", () => {
  it.each([
    ["nothing", {}, []],
    ["a new version alone", { version: 7 }, []],
    ["timing and title", { onAirTime: 2000, duration: 10, title: "B" }, ["onAirTime", "duration", "title"]],
    ["locked and status", { locked: true, status: "READY" }, ["locked", "status"]],
    ["a nested field", { data: { ...base.data, programme: { title: "Q", start: "x" } } }, ["programme"]],
    ["the same nested field in another key order", { data: { houseId: null, programme: { start: "x", title: "P" }, som: 0 } }, []],
    ["null and absent are equal", { data: { som: 0, programme: { title: "P", start: "x" } } }, []],
    ["a new data field and a column", { mediaId: "M2", data: { ...base.data, color: "red" } }, ["mediaId", "color"]],
    ["an array element", { data: { ...base.data, scte35Signals: [{ a: 1 }] } }, ["scte35Signals"]],
  ] as [string, Partial<EventRow>, string[]][])("%s", (_label, change, fields) => {
    expect(changedFields(base, after(change))).toEqual(fields);
  });
});
