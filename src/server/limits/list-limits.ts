// Every list a request hands an argument has a length limit (docs/SECURITY.md "List limits"):
// MAX_LIST_LENGTH, or the higher limit of its schema coordinate in the small table below, where a
// list may legitimately be long. A list argument added tomorrow has the general limit the day it is
// added. Checked before any resolver runs, on literals and variables alike, through input objects,
// nested lists and fragments; answered BAD_USER_INPUT (HTTP 400) naming the argument, its length and
// the limit. Once 100,000 ids to deleteSchedules made one bind parameter each (past PostgreSQL's
// 65,535) and answered INTERNAL_SERVER_ERROR after seconds.
//
// Cheap: which arguments can hold a list is worked out once per document (and operation), kept in a
// WeakMap on the document as request-checks.ts keeps its facts; a request then walks only the
// variable values that feed those arguments, and compares each array's length with its limit
// before it looks at any item (a 3,000,000-item list costs one comparison).
import {
  GraphQLError,
  Kind,
  TypeInfo,
  getNullableType,
  isInputObjectType,
  isListType,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from "graphql";
import { MAX_AS_RUN_ENTRIES } from "../../asrun/index.js";
import { MAX_ASSETS_PER_CALL } from "../../assets/index.js";
import { MAX_COLLECTION_ITEMS } from "../../collections/index.js";
import type { Config } from "../../config.js";
import { MAX_BATCH_RECORDS } from "../../telemetry/index.js";

/** Items of one bulk list of events: twice the import's 5,000 events an edit (src/io/importer.ts), which clients loading a schedule in batches copy. */
export const BULK_EVENT_ITEMS = 10_000;

/**
 * The lists that may be longer than MAX_LIST_LENGTH, by schema coordinate (`Type.field(arg:)` for an
 * argument, `InputType.field` for an input field), each with its reason. Never below MAX_LIST_LENGTH.
 * Where a slice checks a list's length itself, its limit + 1: the slice's own answer (its words, its
 * `argument`) stays the answer at its limit, and the list check stops anything longer.
 */
function higherLimits(): Record<string, number> {
  const telemetry = MAX_BATCH_RECORDS + 1; // a batch holds 100,000 records in all (TelemetryService.ingest)
  return {
    // Telemetry batches: agents send the samples of many playouts at once.
    "TelemetryBatchInput.organizations": telemetry,
    "TelemetryBatchInput.providers": telemetry,
    "TelemetryBatchInput.channels": telemetry,
    "TelemetryBatchInput.playouts": telemetry,
    "TelemetryBatchInput.playoutSamples": telemetry,
    "TelemetryBatchInput.cacheDownloads": telemetry,
    "TelemetryBatchInput.storageSnapshots": telemetry,
    "TelemetryBatchInput.streamStats": telemetry,
    "TelemetryBatchInput.billingUsage": telemetry,
    "TelemetryBatchInput.executions": telemetry,
    // As-run: 10,000 entries a call (src/asrun/rules.ts).
    "Mutation.ingestAsRun(entries:)": MAX_AS_RUN_ENTRIES + 1,
    // The asset catalog: 1,000 assets a call (src/assets/rules.ts), answered by the slice.
    "Mutation.upsertAssets(assets:)": MAX_ASSETS_PER_CALL + 1,
    // Asset collections: 10,000 items (src/collections/rules.ts), answered by the slice.
    "AssetCollectionInput.mediaIds": MAX_COLLECTION_ITEMS + 1,
    // Bulk event inputs: one edit of a schedule's events, set-based whatever its size.
    "BulkEditInput.created": BULK_EVENT_ITEMS,
    "BulkEditInput.updated": BULK_EVENT_ITEMS,
    "BulkEditInput.sentToEnd": BULK_EVENT_ITEMS,
    "BulkEditInput.deleted": BULK_EVENT_ITEMS,
    "Mutation.updateEvents(events:)": BULK_EVENT_ITEMS,
    "Mutation.deleteEvents(ids:)": BULK_EVENT_ITEMS,
    // Events picked by id (a selection in a client's grid): as long as a bulk edit.
    "EventCriteriaInput.ids": BULK_EVENT_ITEMS,
    "Mutation.updateEventsByCriteria(ids:)": BULK_EVENT_ITEMS,
    "Mutation.syncEventTitles(eventIds:)": BULK_EVENT_ITEMS,
  };
}

export interface ListLimits {
  /** MAX_LIST_LENGTH. */
  general: number;
  /** The coordinates whose limit is above the general one, and that limit. */
  exceptions: ReadonlyMap<string, number>;
  /** The limit of a list at this schema coordinate. */
  of(coordinate: string): number;
}

/** The limits of this configuration: MAX_LIST_LENGTH, and the higher table where it is higher. */
export function listLimits(config: Pick<Config, "maxListLength">): ListLimits {
  const general = config.maxListLength;
  const exceptions = new Map<string, number>();
  for (const [coordinate, limit] of Object.entries(higherLimits())) if (limit > general) exceptions.set(coordinate, limit);
  return { general, exceptions, of: (coordinate) => exceptions.get(coordinate) ?? general };
}

function refusal(argument: string, length: number, limit: number, general: number): GraphQLError {
  const which = limit === general ? `at most ${limit} items (MAX_LIST_LENGTH)` : `at most ${limit} items for this argument (MAX_LIST_LENGTH is ${general})`;
  return new GraphQLError(`${argument} holds ${length} items; a list takes ${which}: split it into several calls`, {
    extensions: { code: "BAD_USER_INPUT", argument, limit: "MAX_LIST_LENGTH", maxLength: limit, http: { status: 400 } },
  });
}

/** A place in an argument, its text built only for a refusal. */
type Place = { up: Place | null; key: string };
const placeText = (place: Place): string => (place.up ? placeText(place.up) : "") + place.key;
const at = (up: Place, key: string): Place => ({ up, key });

/** A variable whose value feeds a list somewhere: where it is used, with the type and coordinate there. */
interface Usage {
  variable: string;
  type: GraphQLInputType;
  place: Place;
  coordinate: string;
  /** Its default, when the request leaves it out: a literal, refused once per document. */
  defaultRefusal: GraphQLError | undefined;
}

interface OperationPlan {
  /** The first literal list over its limit. */
  literalRefusal: GraphQLError | undefined;
  usages: Usage[];
}

export type ListCheck = (document: DocumentNode, variables: Record<string, unknown>, operationName?: string | null) => void;

/** The lists of one schema's input types, walked in literals (at plan time) and in variables' values. */
class ListWalker {
  /** Whether a type can hold a list (itself, or an input field at any depth); computed once per type. */
  private readonly holdsList = new Map<string, boolean>();

  constructor(private readonly limits: ListLimits) {}

  canHoldList(type: GraphQLInputType): boolean {
    const nullable = getNullableType(type);
    if (isListType(nullable)) return true;
    if (!isInputObjectType(nullable)) return false;
    const known = this.holdsList.get(nullable.name);
    if (known !== undefined) return known;
    this.holdsList.set(nullable.name, false); // a cycle of input types adds no list of its own
    const found = Object.values(nullable.getFields()).some((field) => this.canHoldList(field.type));
    this.holdsList.set(nullable.name, found);
    return found;
  }

  /** A literal's lists (at plan time); its variables noted where they can feed a list. */
  literal(node: ValueNode, type: GraphQLInputType, place: Place, coordinate: string, note: (variable: string, type: GraphQLInputType, place: Place, coordinate: string) => void): GraphQLError | undefined {
    if (node.kind === Kind.VARIABLE) {
      if (this.canHoldList(type)) note(node.name.value, type, place, coordinate);
      return undefined;
    }
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      const item = nullable.ofType as GraphQLInputType;
      // A single value where a list is expected is a list of one.
      if (node.kind !== Kind.LIST) return this.literal(node, item, place, coordinate, note);
      const limit = this.limits.of(coordinate);
      if (node.values.length > limit) return refusal(placeText(place), node.values.length, limit, this.limits.general);
      if (!this.canHoldList(item)) return undefined;
      for (let i = 0; i < node.values.length; i++) {
        const refused = this.literal(node.values[i], item, at(place, `[${i}]`), coordinate, note);
        if (refused) return refused;
      }
      return undefined;
    }
    if (isInputObjectType(nullable) && node.kind === Kind.OBJECT) {
      const fields = nullable.getFields();
      for (const field of node.fields) {
        const definition = fields[field.name.value];
        if (!definition || !this.canHoldList(definition.type)) continue;
        const refused = this.literal(field.value, definition.type, at(place, `.${field.name.value}`), `${nullable.name}.${field.name.value}`, note);
        if (refused) return refused;
      }
    }
    return undefined;
  }

  /** A variable's value against the type where it is used; stops at the first list over its limit. */
  value(data: unknown, type: GraphQLInputType, place: Place, coordinate: string): GraphQLError | undefined {
    if (data === null || data === undefined) return undefined;
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      const item = nullable.ofType as GraphQLInputType;
      if (!Array.isArray(data)) return this.value(data, item, place, coordinate);
      const limit = this.limits.of(coordinate);
      if (data.length > limit) return refusal(placeText(place), data.length, limit, this.limits.general);
      if (!this.canHoldList(item)) return undefined;
      for (let i = 0; i < data.length; i++) {
        const refused = this.value(data[i], item, at(place, `[${i}]`), coordinate);
        if (refused) return refused;
      }
      return undefined;
    }
    if (isInputObjectType(nullable) && typeof data === "object" && !Array.isArray(data)) {
      const fields = nullable.getFields();
      for (const name in data) {
        const definition = Object.hasOwn(fields, name) ? fields[name] : undefined;
        if (!definition || !this.canHoldList(definition.type)) continue;
        const refused = this.value((data as Record<string, unknown>)[name], definition.type, at(place, `.${name}`), `${nullable.name}.${name}`);
        if (refused) return refused;
      }
    }
    return undefined;
  }
}

/** The plan of one operation: its own selections and those of the fragments it spreads, at any depth. */
function planOf(schema: GraphQLSchema, walker: ListWalker, operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): OperationPlan {
  const nodes: ASTNode[] = [operation];
  const spread = new Set<string>();
  for (let i = 0; i < nodes.length; i++) {
    visit(nodes[i], {
      FragmentSpread(node) {
        const name = node.name.value;
        const fragment = fragments.get(name);
        if (fragment && !spread.has(name)) {
          spread.add(name);
          nodes.push(fragment);
        }
      },
    });
  }
  const defaults = new Map(operation.variableDefinitions?.filter((d) => d.defaultValue).map((d) => [d.variable.name.value, d.defaultValue!]) ?? []);
  const plan: OperationPlan = { literalRefusal: undefined, usages: [] };
  const note = (variable: string, type: GraphQLInputType, place: Place, coordinate: string) => {
    const fallback = defaults.get(variable);
    // A default is a literal: checked against the type where the variable is used, kept.
    const defaultRefusal = fallback ? walker.literal(fallback, type, place, coordinate, () => {}) : undefined;
    plan.usages.push({ variable, type, place, coordinate, defaultRefusal });
  };
  const typeInfo = new TypeInfo(schema);
  for (const node of nodes) {
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Argument(argument) {
          const definition = typeInfo.getArgument();
          if (!definition || plan.literalRefusal) return false;
          const directive = typeInfo.getDirective();
          const field = typeInfo.getFieldDef();
          const parent = typeInfo.getParentType();
          const [owner, coordinate] = directive
            ? [`@${directive.name}`, `@${directive.name}(${definition.name}:)`]
            : [field?.name ?? "", `${parent?.name ?? ""}.${field?.name ?? ""}(${definition.name}:)`];
          if (walker.canHoldList(definition.type)) {
            plan.literalRefusal = walker.literal(argument.value, definition.type, { up: null, key: `${owner}(${argument.name.value})` }, coordinate, note);
          }
          return false;
        },
      }),
    );
  }
  return plan;
}

/** The plans of the operation a request runs, kept per document (a WeakMap follows Apollo's document cache). */
function plansOf(plans: WeakMap<DocumentNode, Map<string, OperationPlan>>, schema: GraphQLSchema, walker: ListWalker, document: DocumentNode, operationName: string | null | undefined): OperationPlan[] {
  const byOperation = plans.get(document) ?? new Map<string, OperationPlan>();
  if (byOperation.size === 0) plans.set(document, byOperation);
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  // The operation the request runs; when it cannot be told (Apollo answers that itself), all of them.
  const chosen = operationName ? operations.filter((o) => o.name?.value === operationName) : operations.length === 1 ? operations : [];
  const wanted = chosen.length ? chosen : operations;
  let fragments: Map<string, FragmentDefinitionNode> | undefined;
  return wanted.map((operation) => {
    const key = operation.name?.value ?? "";
    let known = byOperation.get(key);
    if (!known) {
      fragments ??= new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
      known = planOf(schema, walker, operation, fragments);
      byOperation.set(key, known);
    }
    return known;
  });
}

/** The check of a schema: throws the refusal of the first list over its limit, if any. */
export function listLimitCheck(schema: GraphQLSchema, config: Pick<Config, "maxListLength">): ListCheck {
  const walker = new ListWalker(listLimits(config));
  const plans = new WeakMap<DocumentNode, Map<string, OperationPlan>>();
  return (document, variables, operationName) => {
    for (const { literalRefusal, usages } of plansOf(plans, schema, walker, document, operationName)) {
      if (literalRefusal) throw again(literalRefusal);
      for (const usage of usages) {
        if (!Object.hasOwn(variables, usage.variable)) {
          if (usage.defaultRefusal) throw again(usage.defaultRefusal);
          continue;
        }
        const refused = walker.value(variables[usage.variable], usage.type, usage.place, usage.coordinate);
        if (refused) throw refused;
      }
    }
  };
}

/** A fresh copy of a kept refusal: each answer formats its own error object. */
const again = (error: GraphQLError) => new GraphQLError(error.message, { extensions: error.extensions });
