// A @FieldResolver is called directly when its parameters need nothing of type-graphql: @Root,
// @Ctx, @Info, and arguments whose values type-graphql would hand over as GraphQL coerced them
// (scalars and enums, not lists, not input objects). type-graphql calls each through its handler:
// an object for the call, the resolver instance looked up in its container (a search of every
// resolver class), the middleware chain and a list of the parameters, and for an @Args class a
// search of every arguments class and a walk of its fields, each of them per row and field on a
// list (a page of 50 events with `eventId`, 50 schedules each with `events(page, size)`).
// Arguments of input objects or lists keep type-graphql's handler (it makes instances of them).
// Validation is off for the whole schema (schema.ts), and nothing here uses middlewares or
// @Authorized (the services check roles), which that handler would also run.
import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { getMetadataStorage } from "type-graphql";

interface ParamMetadata {
  kind: string;
  index: number;
  propertyName?: string;
  /** An @Arg's name. */
  name?: string;
  getType?: () => unknown;
  typeOptions?: { array?: boolean };
  validateSettings?: unknown;
  validateFn?: unknown;
}
interface FieldResolverMetadata {
  kind: "external" | "internal";
  target: new () => Record<string, (...values: unknown[]) => unknown>;
  methodName: string;
  params?: ParamMetadata[];
  middlewares?: unknown[];
  roles?: unknown[];
  getObjectType?: () => unknown;
}
interface FieldMetadata {
  name: string;
  schemaName: string;
  target: unknown;
}
interface TypeMetadata {
  name: string;
  fields?: FieldMetadata[];
  interfaceClasses?: unknown[];
  target: unknown;
}
/** A field of an @ArgsType class. */
interface ArgsFieldMetadata {
  name: string;
  getType: () => unknown;
  typeOptions?: { array?: boolean };
}
interface Storage {
  fieldResolvers: FieldResolverMetadata[];
  objectTypes: TypeMetadata[];
  interfaceTypes: TypeMetadata[];
  inputTypes: { target: unknown }[];
  argumentTypes: { target: unknown; fields?: ArgsFieldMetadata[] }[];
}

type Resolve = GraphQLFieldResolver<unknown, Record<string, unknown>>;
type ParamRead = (root: unknown, context: Record<string, unknown>, info: unknown, args: Record<string, unknown>) => unknown;

/** A value type-graphql hands over as it is: one value (not a list) of a type that is no input object. */
function handedAsIs(storage: Storage, type: unknown, options: { array?: boolean } | undefined): boolean {
  return !options?.array && !storage.inputTypes.some((input) => input.target === type);
}

/**
 * An @Args class whose instance type-graphql makes as `new Class()` with the arguments given
 * assigned: no parent class, no methods or accessors, no field with a starting value, every field
 * handed over as it is. Its instance is then made here the same way; null for any other class.
 */
function argsMaker(storage: Storage, type: unknown): ((args: Record<string, unknown>) => unknown) | null {
  if (typeof type !== "function" || Object.getPrototypeOf(type) !== Function.prototype) return null;
  const fields = storage.argumentTypes.find((args) => args.target === type)?.fields;
  if (!fields || !fields.every((field) => handedAsIs(storage, field.getType(), field.typeOptions))) return null;
  const Class = type as new () => object;
  const prototype = Class.prototype as object;
  if (Object.getOwnPropertyNames(prototype).some((name) => name !== "constructor")) return null;
  if (Object.values(new Class()).some((value) => value !== undefined)) return null;
  const names = fields.map((field) => field.name);
  return (args) => {
    const instance = Object.create(prototype) as Record<string, unknown>;
    for (const name of names) if (args[name] !== undefined) instance[name] = args[name];
    return instance;
  };
}

/** How each kind of parameter is read, or null for one that needs type-graphql (input objects, lists, checks, custom decorators). */
function pickOf(storage: Storage, param: ParamMetadata): ParamRead | null {
  const property = param.propertyName;
  if (param.kind === "root") return property ? (root) => (root as Record<string, unknown>)[property] : (root) => root;
  if (param.kind === "context") return property ? (_, context) => context[property] : (_, context) => context;
  if (param.kind === "info") return (_, __, info) => info;
  const checked = (param.validateSettings !== undefined && param.validateSettings !== false) || param.validateFn !== undefined;
  if (checked || !param.getType) return null;
  if (param.kind === "arg" && param.name !== undefined && handedAsIs(storage, param.getType(), param.typeOptions)) {
    const name = param.name;
    return (_, __, ___, args) => args[name];
  }
  if (param.kind === "args" && !param.typeOptions?.array) {
    const make = argsMaker(storage, param.getType());
    return make && ((_, __, ___, args) => make(args));
  }
  return null;
}

/** The resolver of `metadata` called on its instance with its parameters read directly; null when one of them needs type-graphql. */
function directResolve(storage: Storage, metadata: FieldResolverMetadata, instances: Map<unknown, Record<string, (...values: unknown[]) => unknown>>): Resolve | null {
  if (metadata.middlewares?.length || metadata.roles?.length) return null;
  const picks = [...(metadata.params ?? [])].sort((a, b) => a.index - b.index).map((param) => pickOf(storage, param));
  if (picks.some((pick) => pick === null)) return null;
  let instance = instances.get(metadata.target);
  if (!instance) instances.set(metadata.target, (instance = new metadata.target()));
  const [self, name] = [instance, metadata.methodName];
  const [first, second, third] = picks as ParamRead[];
  // The common parameter lists without a spread; any other with one.
  if (picks.length === 1) return (root, args, context, info) => self[name](first(root, context, info, args));
  if (picks.length === 2) return (root, args, context, info) => self[name](first(root, context, info, args), second(root, context, info, args));
  if (picks.length === 3) return (root, args, context, info) => self[name](first(root, context, info, args), second(root, context, info, args), third(root, context, info, args));
  return (root, args, context, info) => self[name](...(picks as ParamRead[]).map((pick) => pick(root, context, info, args)));
}

/**
 * Replaces type-graphql's handler of every @FieldResolver of `resolvers` whose parameters need
 * nothing of it with a direct call, matched to schema fields as type-graphql matches them (the
 * field's declaring class and name, interfaces' fields included).
 */
export function withDirectFieldResolvers(resolvers: readonly unknown[]) {
  return (schema: GraphQLSchema): GraphQLSchema => {
    const storage = getMetadataStorage() as unknown as Storage;
    const external = storage.fieldResolvers.filter((r) => r.kind === "external" && resolvers.includes(r.target));
    const instances = new Map<unknown, Record<string, (...values: unknown[]) => unknown>>();
    for (const objectType of storage.objectTypes) {
      const type = schema.getType(objectType.name);
      if (!isObjectType(type)) continue;
      const interfaces = storage.interfaceTypes.filter((i) => objectType.interfaceClasses?.includes(i.target));
      for (const field of [...interfaces.flatMap((i) => i.fields ?? []), ...(objectType.fields ?? [])]) {
        const metadata = external.find((r) => r.getObjectType?.() === field.target && r.methodName === field.name);
        const definition = type.getFields()[field.schemaName];
        if (!metadata || !definition) continue;
        const resolve = directResolve(storage, metadata, instances);
        if (resolve) definition.resolve = resolve as Resolve;
      }
    }
    return schema;
  };
}
