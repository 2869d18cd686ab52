// One-line descriptions for the parts of the schema whose decorators give none, applied to the
// built schema (src/server/graphql/schema.ts). Decorators win; these fill in, by explicit entries only:
// a type by name (TYPES), a field by type and name (TYPE_FIELDS) or by name alone (FIELDS), an
// input type's field by the same field of the type it writes (XInput.f as X.f), an argument by
// field and name or by name alone (ARGUMENTS), an enum value by enum and name or by name alone
// (ENUM_VALUES); an input type XInput without one of its own by X's ("As given by the caller: …"). What none of them names stays without: test/docs/descriptions.test.ts fails then.
import { type GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from "graphql";
import { ARGUMENTS } from "./arguments.js";
import { FIELDS } from "./fields.js";
import { TYPE_FIELDS } from "./type-fields.js";
import { ENUM_VALUES, TYPES } from "./types.js";

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const blank = (text: string | null | undefined) => !text || !text.trim();

export function withDescriptions(schema: GraphQLSchema): GraphQLSchema {
  const types = schema.getTypeMap();
  const written = (inputName: string) => (inputName.endsWith("Input") ? types[inputName.slice(0, -"Input".length)] : undefined);
  for (const type of Object.values(types)) {
    if (type.name.startsWith("__")) continue;
    const writes = written(type.name);
    if (blank(type.description)) type.description = TYPES[type.name] ?? (writes && !blank(writes.description) ? `As given by the caller: ${lower(writes.description!)}` : undefined);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      const mirror = written(type.name);
      const mirrorFields = mirror && (isObjectType(mirror) || isInterfaceType(mirror)) ? mirror.getFields() : {};
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) {
          field.description =
            TYPE_FIELDS[`${type.name}.${field.name}`] ??
            (mirror ? TYPE_FIELDS[`${mirror.name}.${field.name}`] : undefined) ??
            (blank(mirrorFields[field.name]?.description) ? undefined : mirrorFields[field.name].description) ??
            FIELDS[field.name];
        }
        for (const arg of "args" in field ? field.args : []) {
          if (blank(arg.description)) arg.description = ARGUMENTS[`${type.name}.${field.name}(${arg.name})`] ?? ARGUMENTS[`(${arg.name})`];
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (blank(value.description)) value.description = ENUM_VALUES[`${type.name}.${value.name}`] ?? ENUM_VALUES[value.name];
      }
    }
  }
  return schema;
}
