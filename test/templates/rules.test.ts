// The pure checks of a template's and a collection's input (src/templates/rules.ts,
// src/collections/rules.ts): each refusal is BAD_USER_INPUT naming the argument.
import { describe, expect, it } from "vitest";
import { collectionValues, MAX_COLLECTION_ITEMS } from "../../src/collections/rules.js";
import { AppError } from "../../src/common/errors.js";
import { checkSlotCollections, MAX_TEMPLATE_SLOTS, parseSlotStart, slotStartText, templateValues, type SlotInputValues, type TemplateInputValues } from "../../src/templates/rules.js";

const slot = (extra: Partial<SlotInputValues> = {}): SlotInputValues => ({ days: ["MON"], start: "06:00", anchor: "HARD", source: "LIVE", eventType: "LIVE", durationMs: 3_600_000, ...extra });
const template = (slots: SlotInputValues[], extra: Partial<TemplateInputValues> = {}): TemplateInputValues => ({ name: "Week", timeZone: "Europe/London", broadcastDayStart: "06:00", slots, ...extra });

/** The argument a refusal names (and that it is BAD_USER_INPUT). */
function refused(work: () => unknown, code = "BAD_USER_INPUT"): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    return (error as AppError).extensions.argument as string;
  }
  throw new Error("expected a refusal");
}

describe("slot start", () => {
  it("reads HH:MM and HH:MM:SS from 00:00 to 23:59:59 and writes them back", () => {
    expect(parseSlotStart("00:00")).toBe(0);
    expect(parseSlotStart("06:30")).toBe(6.5 * 3_600_000);
    expect(parseSlotStart("23:59:59")).toBe(86_399_000);
    for (const bad of ["25:00", "24:00", "6:00", "06:60", "06:00:60", "06:00:00.5", "", "noon", "-01:00", "06:00 "]) expect(parseSlotStart(bad), bad).toBeNull();
    expect(slotStartText(6.5 * 3_600_000)).toBe("06:30");
    expect(slotStartText(86_399_000)).toBe("23:59:59");
  });
});

describe("templateValues", () => {
  it("checks and canonicalizes a template", () => {
    const v = templateValues(template([slot({ days: ["SUN", "MON"], start: " 05:00:30 ", title: "  News  " }), slot({ source: "COLLECTION", eventType: "PRIMARY", collectionId: "7", durationMs: null, items: 3, breakCollectionId: "8", breakMs: 120_000, fillerCollectionId: "9" })], { timeZone: "Etc/UTC" }));
    expect(v.timeZone).toBe("UTC");
    expect(v.dayStartMs).toBe(6 * 3_600_000);
    expect(v.slots[0]).toMatchObject({ days: ["MON", "SUN"], startMs: 5 * 3_600_000 + 30_000, title: "News", order: "SEQUENTIAL", overrun: "DROP", mediaId: null });
    expect(v.slots[1]).toMatchObject({ collectionId: "7", items: 3, durationMs: null, breakCollectionId: "8", breakMs: 120_000, fillerCollectionId: "9" });
    expect(v.references.map((r) => [r.id, r.argument])).toEqual([
      [7, "input.slots[1].collectionId"],
      [8, "input.slots[1].breakCollectionId"],
      [9, "input.slots[1].fillerCollectionId"],
    ]);
  });

  it("refuses each bad value, naming the argument", () => {
    const cases: [Partial<TemplateInputValues> | SlotInputValues, string][] = [
      [{ name: "  " }, "input.name"],
      [{ name: "a\u0000b" }, "input.name"],
      [{ name: "x".repeat(201) }, "input.name"],
      [{ timeZone: "Mars/Olympus_Mons" }, "input.timeZone"],
      [{ broadcastDayStart: "24:00" }, "input.broadcastDayStart"],
      [slot({ start: "25:00" }), "input.slots[3].start"],
      [slot({ days: [] }), "input.slots[3].days"],
      [slot({ days: ["MON", "MON"] }), "input.slots[3].days"],
      [slot({ days: ["MON", "XYZ"] }), "input.slots[3].days[1]"],
      [slot({ anchor: "FIRM" }), "input.slots[3].anchor"],
      [slot({ source: "ASSET", eventType: "PRIMARY", durationMs: null }), "input.slots[3].mediaId"],
      [slot({ source: "COLLECTION", eventType: "PRIMARY", durationMs: null }), "input.slots[3].collectionId"],
      [slot({ durationMs: null }), "input.slots[3].durationMs"],
      [slot({ source: "PLACEHOLDER", durationMs: 0 }), "input.slots[3].durationMs"],
      [slot({ durationMs: -5 }), "input.slots[3].durationMs"],
      [slot({ durationMs: 1e300 }), "input.slots[3].durationMs"],
      [slot({ source: "ASSET", mediaId: "M1", items: 2, durationMs: 60_000 }), "input.slots[3].durationMs"],
      [slot({ source: "ASSET", mediaId: "M1", items: 0, durationMs: null }), "input.slots[3].items"],
      [slot({ source: "ASSET", mediaId: "M1", durationMs: null, breakMs: 60_000 }), "input.slots[3].breakCollectionId"],
      [slot({ source: "ASSET", mediaId: "M1", durationMs: null, breakCollectionId: "4" }), "input.slots[3].breakMs"],
      [slot({ source: "ASSET", mediaId: "M1", durationMs: null, breakCollectionId: "4", breakMs: 0 }), "input.slots[3].breakMs"],
      [slot({ source: "ASSET", mediaId: "M1", durationMs: null, collectionId: "4" }), "input.slots[3].collectionId"],
      [slot({ mediaId: "M1" }), "input.slots[3].mediaId"],
      [slot({ fillerCollectionId: "x1" }), "input.slots[3].fillerCollectionId"],
      [slot({ order: "BACKWARDS" }), "input.slots[3].order"],
      [slot({ overrun: "SQUEEZE" }), "input.slots[3].overrun"],
      [slot({ eventType: "NEWS" }), "input.slots[3].eventType"],
      [slot({ title: "x".repeat(501) }), "input.slots[3].title"],
    ];
    for (const [bad, argument] of cases) {
      const input = "days" in bad ? template([slot(), slot(), slot(), bad as SlotInputValues]) : template([slot()], bad as Partial<TemplateInputValues>);
      expect(refused(() => templateValues(input)), JSON.stringify(bad).slice(0, 80)).toBe(argument);
    }
  });

  it("holds at most MAX_TEMPLATE_SLOTS slots", () => {
    expect(templateValues(template(Array.from({ length: MAX_TEMPLATE_SLOTS }, () => slot()))).slots).toHaveLength(MAX_TEMPLATE_SLOTS);
    expect(refused(() => templateValues(template(Array.from({ length: MAX_TEMPLATE_SLOTS + 1 }, () => slot()))))).toBe("input.slots");
  });
});

describe("checkSlotCollections", () => {
  const refs = templateValues(template([slot({ source: "COLLECTION", eventType: "PRIMARY", collectionId: "1", durationMs: null, breakCollectionId: "2", breakMs: 60_000, fillerCollectionId: "3" })])).references;
  const found = (kinds: string[]) => new Map(kinds.map((kind, i) => [i + 1, { id: i + 1, name: `C${i + 1}`, kind }]));

  it("takes main content of PROGRAMMES, FILLER or PROMOS, breaks of ADVERTISEMENTS or PROMOS, filler of FILLER or PROMOS", () => {
    for (const main of ["PROGRAMMES", "FILLER", "PROMOS"]) for (const br of ["ADVERTISEMENTS", "PROMOS"]) for (const fill of ["FILLER", "PROMOS"]) checkSlotCollections(refs, found([main, br, fill]));
  });

  it("refuses another kind naming the field, and a missing collection as NOT_FOUND naming it", () => {
    expect(refused(() => checkSlotCollections(refs, found(["ADVERTISEMENTS", "PROMOS", "FILLER"])))).toBe("input.slots[0].collectionId");
    expect(refused(() => checkSlotCollections(refs, found(["PROGRAMMES", "PROGRAMMES", "FILLER"])))).toBe("input.slots[0].breakCollectionId");
    expect(refused(() => checkSlotCollections(refs, found(["PROGRAMMES", "PROMOS", "ADVERTISEMENTS"])))).toBe("input.slots[0].fillerCollectionId");
    expect(refused(() => checkSlotCollections(refs, found(["PROGRAMMES", "PROMOS"])), "NOT_FOUND")).toBe("input.slots[0].fillerCollectionId");
  });
});

describe("collectionValues", () => {
  it("keeps order and repeats, trims, and refuses what is not a media id", () => {
    expect(collectionValues({ name: " Films ", kind: "PROGRAMMES", mediaIds: [" A ", "B", "A"] })).toEqual({ name: "Films", kind: "PROGRAMMES", mediaIds: ["A", "B", "A"] });
    expect(refused(() => collectionValues({ name: "F", kind: "MOVIES", mediaIds: [] }))).toBe("input.kind");
    expect(refused(() => collectionValues({ name: "F", kind: "FILLER", mediaIds: ["A", ""] }))).toBe("input.mediaIds[1]");
    expect(refused(() => collectionValues({ name: "F", kind: "FILLER", mediaIds: ["A\nB"] }))).toBe("input.mediaIds[0]");
    expect(refused(() => collectionValues({ name: "F", kind: "FILLER", mediaIds: ["x".repeat(201)] }))).toBe("input.mediaIds[0]");
    expect(refused(() => collectionValues({ name: "F", kind: "FILLER", mediaIds: Array.from({ length: MAX_COLLECTION_ITEMS + 1 }, () => "A") }))).toBe("input.mediaIds");
  });
});
