import { describe, expect, it } from "vitest";
import { findBreaks } from "../../src/timeline/index.js";
import { slot } from "./support.js";

const typed = (id: number, onAirTime: number, duration: number, eventType: string) => ({ ...slot(id, onAirTime, duration), eventType });

describe("findBreaks", () => {
  it("finds maximal runs of advertisements, a BLOCK counting as one", () => {
    const events = [
      typed(1, 0, 100, "PRIMARY"),
      typed(2, 100, 30, "ADVERTISEMENT"),
      typed(3, 130, 60, "BLOCK"),
      typed(4, 190, 20, "ADVERTISEMENT"),
      typed(5, 210, 100, "PRIMARY"),
      typed(6, 300, 30, "ADVERTISEMENT"), // starts before 5 ends: overlapping
      typed(7, 330, 10, "LIVE"),
      typed(8, 400, 15, "ADVERTISEMENT"), // last event: a break with no neighbour after it
    ];
    expect(findBreaks([...events].reverse())).toEqual([
      { eventIds: [2, 3, 4], start: 100, end: 210, duration: 110, overlapping: false },
      { eventIds: [6], start: 300, end: 330, duration: 30, overlapping: true },
      { eventIds: [8], start: 400, end: 415, duration: 15, overlapping: false },
    ]);
  });

  it("has no breaks without advertisements", () => {
    expect(findBreaks([typed(1, 0, 10, "PRIMARY"), typed(2, 10, 10, "PLACEHOLDER")])).toEqual([]);
    expect(findBreaks([])).toEqual([]);
  });

  it("sees an overlap with the next event", () => {
    expect(findBreaks([typed(1, 0, 30, "ADVERTISEMENT"), typed(2, 20, 10, "PRIMARY")])[0].overlapping).toBe(true);
  });
});
