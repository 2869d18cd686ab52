import "reflect-metadata";
import { type GraphQLSchema, isInputObjectType, isObjectType, lexicographicSortSchema, printSchema } from "graphql";
import { buildSchema, getMetadataStorage } from "type-graphql";
import { DateTimeScalar } from "../../common/graphql-types.js";
import { eventCoercer, type EventCoercer } from "../../io/coerce.js";
import { withDescriptions } from "./descriptions/index.js";
import { RESOLVERS } from "./resolvers.js";
import { withDirectFieldResolvers } from "./direct-field-resolvers.js";
import { LOCAL_TIME_FIELDS, PRELOADED_ASSET, type Event } from "../../events/index.js";
import type { Context } from "../../common/context.js";
import { withBudgetChecks } from "../limits/index.js";

let built: Promise<GraphQLSchema> | undefined;

/** The executable schema, built once per process from the decorated classes. */
export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: RESOLVERS,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    // Input rules live in the services, which map them to BAD_USER_INPUT.
    validate: false,
  })
    .then(withPlainPropertyFields)
    .then(withDirectFieldResolvers(RESOLVERS))
    .then(withoutResolvedFieldsOnInputs)
    .then(withPreloadedFields)
    .then(withLocalTimeFields)
    .then(withBudgetChecks)
    .then(withDescriptions);
  return built;
}

let coercer: Promise<EventCoercer> | undefined;

/** The coercer of JSON events (EventInput) of this schema, handed to the import slice (src/io/). */
export function schemaEventCoercer(): Promise<EventCoercer> {
  coercer ??= buildGraphQLSchema().then(eventCoercer);
  return coercer;
}

/**
 * type-graphql gives every plain property field a wrapper resolver (for middlewares we do not
 * use). Dropping those lets graphql-js use its default property read and graphql-jit inline it:
 * on a 1,000-object answer that is most of the execution time. Fields with a @FieldResolver keep
 * theirs.
 */
function withPlainPropertyFields(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage() as unknown as {
    fieldResolvers: { schemaName: string; getType?: unknown; getObjectType?: () => unknown }[];
    objectTypes: { target: unknown; name: string }[];
  };
  const typeNames = new Map(storage.objectTypes.map((t) => [t.target, t.name]));
  const resolved = new Set(storage.fieldResolvers.map((r) => `${typeNames.get(r.getObjectType?.())}.${r.schemaName}`));
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || ["Query", "Mutation", "Subscription"].includes(type.name)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.resolve && !resolved.has(`${type.name}.${field.name}`)) field.resolve = undefined;
    }
  }
  return schema;
}

/**
 * Fields a read may answer ahead, on the object itself: a page of events read as JSON carries each
 * event's asset (events/json-reads.ts). Answered here without the field's type-graphql resolver
 * (its parameter and instance handling cost more than the rest of the event on a 1,000-event
 * answer); the resolver answers the others.
 */
const PRELOADED_FIELDS = [{ type: "Event", field: "asset", property: PRELOADED_ASSET }];

function withPreloadedFields(schema: GraphQLSchema): GraphQLSchema {
  for (const { type, field, property } of PRELOADED_FIELDS) {
    const object = schema.getType(type);
    const definition = isObjectType(object) ? object.getFields()[field] : undefined;
    const resolve = definition?.resolve;
    if (!definition || !resolve) throw new Error(`${type}.${field} has no resolver to answer ahead`);
    definition.resolve = (root, args, context, info) => {
      const preloaded = (root as Record<string, unknown>)[property];
      return preloaded !== undefined ? preloaded : resolve(root, args, context, info);
    };
  }
  return schema;
}

/**
 * Event.onAirLocal, endLocal, broadcastDate: answered on the spot when the request already knows
 * the schedule's clock (Schedule.events primed it), without the type-graphql resolver and its
 * promise (on a 1,000-event page those cost more than the page); the resolver answers the others.
 */
function withLocalTimeFields(schema: GraphQLSchema): GraphQLSchema {
  const event = schema.getType("Event");
  if (!isObjectType(event)) throw new Error("the schema has no Event type");
  for (const [name, answer] of Object.entries(LOCAL_TIME_FIELDS)) {
    const definition = event.getFields()[name];
    const resolve = definition?.resolve;
    if (!definition || !resolve) throw new Error(`Event.${name} has no resolver`);
    definition.resolve = (root, args, context: Context, info) => {
      const clock = context.loaders.primedClocks.get(Number((root as Event).scheduleId));
      return clock ? answer(root as Event, clock) : resolve(root, args, context, info);
    };
  }
  return schema;
}

/**
 * A class that is both @ObjectType and @InputType (src/events/nested.ts) shares one field list
 * in type-graphql, so a @FieldResolver on it (SCTE35Signal.encoded) would also appear, required,
 * on its input type. Output-only fields are dropped from the input types here.
 */
function withoutResolvedFieldsOnInputs(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage() as unknown as {
    fieldResolvers: { schemaName: string; getType?: unknown; getObjectType?: () => unknown }[];
    fields: { target: unknown; schemaName: string; getType: unknown }[];
    inputTypes: { target: unknown; name: string }[];
  };
  for (const resolver of storage.fieldResolvers) {
    const target = resolver.getObjectType?.();
    // Only fields the resolver itself adds (their metadata share its getType; a schema built
    // before may have left them in storage): a declared @Field it overrides stays on the input.
    if (storage.fields.some((f) => f.target === target && f.schemaName === resolver.schemaName && f.getType !== resolver.getType)) continue;
    for (const input of storage.inputTypes.filter((t) => t.target === target)) {
      const type = schema.getType(input.name);
      if (isInputObjectType(type)) delete (type.getFields() as Record<string, unknown>)[resolver.schemaName];
    }
  }
  return schema;
}

/** schema.graphql as committed: sorted so that its text depends only on the types. */
export async function printGraphQLSchema(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildGraphQLSchema())) + "\n";
}
