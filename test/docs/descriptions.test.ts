// The schema documents itself: every type, field, argument, input field and enum value has a
// one-line description in plain words, without the codes of a specification ("S2:", "O1:").
import { type GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType, isSpecifiedScalarType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";

/** Every described part of the schema: [where, description]. */
function descriptions(schema: GraphQLSchema): [string, string | null | undefined][] {
  const out: [string, string | null | undefined][] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__") || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
    out.push([type.name, type.description]);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        out.push([`${type.name}.${field.name}`, field.description]);
        for (const arg of "args" in field ? field.args : []) out.push([`${type.name}.${field.name}(${arg.name})`, arg.description]);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) out.push([`${type.name}.${value.name}`, value.description]);
  }
  return out;
}

/** Operation codes of a specification (S1–S40, O1–O20) as a description would cite them, and other outside references. */
const CITATION = /\b[SO]\d{1,2}\b(?=\s*[:,)–-]|\s+and\s+[SO]\d)|\(\s*[SO]\d{1,2}\b|\bSPEC\b|API\.md|SPEC\.md|\bissue \d+/;

describe("schema descriptions", () => {
  it("describe every type, field, argument, input field and enum value", async () => {
    const missing = descriptions(await buildGraphQLSchema()).filter(([, text]) => !text?.trim()).map(([where]) => where);
    expect(missing, "add a description (decorator, or src/server/descriptions/)").toEqual([]);
  });

  it("say what things do instead of citing specification codes", async () => {
    const cited = descriptions(await buildGraphQLSchema()).filter(([, text]) => text && CITATION.test(text)).map(([where, text]) => `${where}: ${text}`);
    expect(cited).toEqual([]);
  });

  it("recognise a citation and leave a storage name alone", () => {
    expect(["S2, S9: schedules", "O1: downloads", "The draft (S19–S22)", "SPEC EventPage", "see API.md", "as in issue 4"].every((t) => CITATION.test(t))).toBe(true);
    expect(["An S3 bucket", "Transfer from or to S3", "Unique programme id (SCTE-35)"].some((t) => CITATION.test(t))).toBe(false);
  });
});
