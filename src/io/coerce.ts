// Events of a JSON file are checked against the GraphQL EventInput type itself, so that a file
// accepts exactly what createEvent accepts (enums, scalars, nested inputs), with the path named.
import { coerceInputValue, isInputObjectType, type GraphQLSchema } from "graphql";
import { badInput } from "../common/errors.js";
import type { EventInput } from "../events/types.js";
import type { EventCoercer } from "./formats/json.js";

export function eventCoercer(schema: GraphQLSchema): EventCoercer {
  const type = schema.getType("EventInput");
  if (!isInputObjectType(type)) throw new Error("the schema has no EventInput input type");
  return (value, at) => {
    let failure: string | null = null;
    const coerced = coerceInputValue(value, type, (path, _invalid, error) => {
      failure ??= `${[at, ...path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`))].join("").replace(/\.\[/g, "[")}: ${error.message}`;
    });
    if (failure) throw badInput(failure);
    return coerced as EventInput;
  };
}

let shared: Promise<EventCoercer> | null = null;

/**
 * The coercer of the process's executable schema. Imported lazily: the schema module imports
 * every resolver, this slice's among them.
 */
export function schemaCoercer(): Promise<EventCoercer> {
  shared ??= import("../server/schema.js").then(async ({ buildGraphQLSchema }) => eventCoercer(await buildGraphQLSchema()));
  return shared;
}
