// Messages that count things agree in number, and say it right when all or none changed.
import { describe, expect, it } from "vitest";
import { markedMessage } from "../../src/schedules/mark-rules.js";
import { notFound } from "../../src/common/errors.js";
import { plural } from "../../src/common/text.js";

describe("plural", () => {
  it.each([
    [0, "event", undefined, "0 events"],
    [1, "event", undefined, "1 event"],
    [2, "event", undefined, "2 events"],
    [1, "entry", "entries", "1 entry"],
    [3, "entry", "entries", "3 entries"],
    [1, "matching event", undefined, "1 matching event"],
  ])("%i %s", (n, noun, nouns, expected) => {
    expect(plural(n, noun, nouns)).toBe(expected);
  });
});

describe("markedMessage", () => {
  it.each([
    [0, 0, "No event matches the criteria: none got a programme"],
    [61, 61, "61 of 61 matching events got a programme"],
    [1, 1, "1 of 1 matching event got a programme"],
    [0, 4, "0 of 4 matching events got a programme: all already had one"],
    [0, 1, "0 of 1 matching event got a programme: it already had one"],
    [2, 4, "2 of 4 matching events got a programme; the other 2 already had one each"],
    [3, 4, "3 of 4 matching events got a programme; the other one already had one"],
  ])("%i of %i", (changed, matching, expected) => {
    expect(markedMessage(changed, matching, "programme")).toBe(expected);
  });
});

describe("NOT_FOUND messages", () => {
  it.each([
    ["Event", "5", "Event 5 not found"],
    ["Events", "5, 7", "Events 5, 7 not found"],
    ["Events", "5, 5, 7", "Events 5, 7 not found"],
  ])("%s %s", (what, ids, expected) => {
    expect(notFound(what, ids).message).toBe(expected);
  });

  it("names each criterion once when none is given", async () => {
    const { requireCriterion } = await import("../../src/schedules/mark-rules.js");
    let message = "";
    try {
      requireCriterion({});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/at least one criterion/);
    expect(message.match(/\bids\b/g)).toHaveLength(1);
  });
});
