// A @FieldResolver that takes no arguments (only @Root, @Ctx, @Info) is called directly. type-graphql
// calls each through its handler: an object for the call, the resolver instance looked up in its
// container (a search of every resolver class), the middleware chain and a list of the parameters,
// each of them per row and field on a list (a page of 50 events with `eventId`, 50 jobs with
// `resourceLink`). Resolvers with arguments keep type-graphql's handler (it converts and checks
// them). Nothing here uses middlewares or @Authorized (the services check roles), which that
// handler would also run.
import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { getMetadataStorage } from "type-graphql";

interface ParamMetadata {
  kind: string;
  index: number;
  propertyName?: string;
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

type Resolve = GraphQLFieldResolver<unknown, Record<string, unknown>>;
type ParamRead = (root: unknown, context: Record<string, unknown>, info: unknown) => unknown;

/** How each kind of parameter is read, or null for one that needs type-graphql (arguments, custom decorators). */
function pickOf(param: ParamMetadata): ParamRead | null {
  const property = param.propertyName;
  if (param.kind === "root") return property ? (root) => (root as Record<string, unknown>)[property] : (root) => root;
  if (param.kind === "context") return property ? (_, context) => context[property] : (_, context) => context;
  if (param.kind === "info") return (_, __, info) => info;
  return null;
}

/** The resolver of `metadata` called on its instance with its parameters read directly; null when it takes arguments. */
function directResolve(metadata: FieldResolverMetadata, instances: Map<unknown, Record<string, (...values: unknown[]) => unknown>>): Resolve | null {
  if (metadata.middlewares?.length || metadata.roles?.length) return null;
  const picks = [...(metadata.params ?? [])].sort((a, b) => a.index - b.index).map(pickOf);
  if (picks.some((pick) => pick === null)) return null;
  let instance = instances.get(metadata.target);
  if (!instance) instances.set(metadata.target, (instance = new metadata.target()));
  const [self, name] = [instance, metadata.methodName];
  const [first, second, third] = picks as ParamRead[];
  // The common parameter lists without a spread; any other with one.
  if (picks.length === 1) return (root, _args, context, info) => self[name](first(root, context, info));
  if (picks.length === 2) return (root, _args, context, info) => self[name](first(root, context, info), second(root, context, info));
  if (picks.length === 3) return (root, _args, context, info) => self[name](first(root, context, info), second(root, context, info), third(root, context, info));
  return (root, _args, context, info) => self[name](...(picks as ParamRead[]).map((pick) => pick(root, context, info)));
}

/**
 * Replaces type-graphql's handler of every argument-free @FieldResolver of `resolvers` with a
 * direct call, matched to schema fields as type-graphql matches them (the field's declaring class
 * and name, interfaces' fields included).
 */
export function withDirectFieldResolvers(resolvers: readonly unknown[]) {
  return (schema: GraphQLSchema): GraphQLSchema => {
    const storage = getMetadataStorage() as unknown as { fieldResolvers: FieldResolverMetadata[]; objectTypes: TypeMetadata[]; interfaceTypes: TypeMetadata[] };
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
        const resolve = directResolve(metadata, instances);
        if (resolve) definition.resolve = resolve as Resolve;
      }
    }
    return schema;
  };
}
