// The Timecode scalar: `HH:MM:SS:FF`, or `HH:MM:SS;FF` for drop-frame. Parsing checks the form only;
// what the label means (frames past the rate, dropped labels) is checked against the schedule's
// rate where the label is converted (timecode-input.ts). It belongs to events, whose fields are the
// only ones of that type (src/common/ imports no slice).
import { GraphQLError, GraphQLScalarType, Kind } from "graphql";
import { parseTimecodeLabel, TimecodeError } from "../timecode/index.js";

function parse(value: unknown): string {
  if (typeof value !== "string") {
    throw new GraphQLError(`Timecode must be a string HH:MM:SS:FF or HH:MM:SS;FF (got ${JSON.stringify(value)})`, { extensions: { code: "BAD_USER_INPUT" } });
  }
  try {
    parseTimecodeLabel(value);
  } catch (error) {
    if (error instanceof TimecodeError) throw new GraphQLError(error.message, { extensions: { code: "BAD_USER_INPUT" } });
    throw error;
  }
  return value.trim();
}

export const TimecodeScalar = new GraphQLScalarType({
  name: "Timecode",
  description:
    "SMPTE timecode at the schedule's frame rate: HH:MM:SS:FF (non-drop-frame) or HH:MM:SS;FF (drop-frame, 29.97 and 59.94 fps). Rules in docs/EVENTS.md \"Timecode\".",
  serialize: (value) => value,
  parseValue: parse,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError(`Timecode must be a string HH:MM:SS:FF or HH:MM:SS;FF`, { extensions: { code: "BAD_USER_INPUT" } });
    return parse(ast.value);
  },
});
