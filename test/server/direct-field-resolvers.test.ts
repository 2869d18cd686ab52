// Field resolvers called directly (src/server/graphql/direct-field-resolvers.ts). An argument-free
// one gets the parent object itself, the context and the info, with no copy of the parent into its
// class per call (type-graphql's convertToType, per row of a list): each such field of the schema is
// called with a plain parent; the method must see that very object, and what it answers must be
// the field's answer. Every field resolver with arguments, called directly or through
// type-graphql's handler, must hand its method what type-graphql's own conversion makes of
// arguments drawn at random (each given, null or left out).
import { isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, type GraphQLInputType, type GraphQLResolveInfo } from "graphql";
import { getMetadataStorage } from "type-graphql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { RESOLVERS } from "../../src/server/graphql/resolvers.js";

interface Param {
  kind: string;
  index: number;
  propertyName?: string;
}
interface FieldResolver {
  kind: string;
  target: { prototype: Record<string, unknown>; name: string };
  methodName: string;
  schemaName: string;
  params?: Param[];
  getObjectType?: () => unknown;
}

afterEach(() => vi.restoreAllMocks());

describe("argument-free field resolvers", () => {
  it("are called with the parent object itself, the context and the info, and answer what their method answers", async () => {
    const schema = await buildGraphQLSchema();
    const storage = getMetadataStorage() as unknown as { fieldResolvers: FieldResolver[]; objectTypes: { name: string; target: unknown }[] };
    const typeName = new Map(storage.objectTypes.map((t) => [t.target, t.name]));
    const argumentFree = storage.fieldResolvers.filter(
      (r) => r.kind === "external" && (RESOLVERS as readonly unknown[]).includes(r.target) && (r.params ?? []).every((p) => ["root", "context", "info"].includes(p.kind)),
    );
    const checked: string[] = [];
    for (const resolver of argumentFree) {
      const type = schema.getType(typeName.get(resolver.getObjectType?.()) ?? "");
      const field = isObjectType(type) ? type.getFields()[resolver.schemaName] : undefined;
      if (!field?.resolve) continue;
      const answer = { answered: resolver.methodName };
      const method = vi.spyOn(resolver.target.prototype as Record<string, () => unknown>, resolver.methodName).mockReturnValue(answer);
      const [parent, context, info] = [{ id: "1", parent: true }, { loaders: { primedClocks: new Map() } }, { info: true } as unknown as GraphQLResolveInfo];
      expect(field.resolve(parent, {}, context, info), `${type}.${field.name}`).toBe(answer);
      const expected = [...(resolver.params ?? [])]
        .sort((a, b) => a.index - b.index)
        .map((p) => (p.kind === "root" ? (p.propertyName ? (parent as Record<string, unknown>)[p.propertyName] : parent) : p.kind === "context" ? context : info));
      expect(method.mock.calls[0], `${type}.${field.name}`).toEqual(expected);
      expect((method.mock.calls[0] as unknown[])[0], `${type}.${field.name}: the parent itself`).toBe(expected[0]);
      checked.push(`${type}.${field.name}`);
    }
    // The fields a list answers per row among them.
    expect(checked).toEqual(expect.arrayContaining(["Event.eventId", "Job.resourceLink", "Job.links"]));
  });
});

describe("field resolvers with arguments", () => {
  it("hand each method the arguments type-graphql would make of them, drawn at random for every such field", async () => {
    const { convertArgToInstance, convertArgsToInstance } = (await import("../../node_modules/type-graphql/build/esm/resolvers/convert-args.js" as string)) as {
      convertArgToInstance: (param: Param, args: Record<string, unknown>) => unknown;
      convertArgsToInstance: (param: Param, args: Record<string, unknown>) => unknown;
    };
    const schema = await buildGraphQLSchema();
    const storage = getMetadataStorage() as unknown as { fieldResolvers: FieldResolver[]; objectTypes: { name: string; target: unknown }[] };
    const typeName = new Map(storage.objectTypes.map((t) => [t.target, t.name]));
    const withArguments = storage.fieldResolvers.filter(
      (r) =>
        r.kind === "external" &&
        (RESOLVERS as readonly unknown[]).includes(r.target) &&
        (r.params ?? []).some((p) => p.kind === "arg" || p.kind === "args") &&
        (r.params ?? []).every((p) => ["root", "context", "info", "arg", "args"].includes(p.kind)),
    );
    let seed = 46;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    /** A value of `type` (a GraphQL input type), or undefined for one this test does not draw (input objects keep type-graphql's handler). */
    const sample = (type: GraphQLInputType): unknown => {
      const inner = isNonNullType(type) ? type.ofType : type;
      if (isListType(inner)) return [sample(inner.ofType)];
      if (isEnumType(inner)) return inner.getValues()[Math.floor(random() * inner.getValues().length)].value;
      if (isInputObjectType(inner)) return {};
      const byName: Record<string, unknown> = { Int: 3, Float: 1.5, String: "text", Boolean: random() < 0.5, ID: "7", DateTime: new Date(0), SafeInt: 9 };
      return inner.name in byName ? byName[inner.name] : "value";
    };
    const checked: string[] = [];
    for (const resolver of withArguments) {
      const type = schema.getType(typeName.get(resolver.getObjectType?.()) ?? "");
      const field = isObjectType(type) ? type.getFields()[resolver.schemaName] : undefined;
      if (!field?.resolve) continue;
      const method = vi.spyOn(resolver.target.prototype as Record<string, () => unknown>, resolver.methodName).mockReturnValue("answered");
      for (let draw = 0; draw < 8; draw++) {
        // Each argument given or left out at random (a nullable one also as null).
        const args: Record<string, unknown> = {};
        for (const arg of field.args) {
          const roll = random();
          if (isNonNullType(arg.type) || roll < 0.6) args[arg.name] = sample(arg.type);
          else if (roll < 0.75) args[arg.name] = null;
        }
        const [parent, context, info] = [{ id: "1" }, { loaders: {} }, { info: true } as unknown as GraphQLResolveInfo];
        method.mockClear();
        expect(await field.resolve(parent, args, context, info), `${type}.${field.name}`).toBe("answered");
        const expected = [...(resolver.params ?? [])]
          .sort((a, b) => a.index - b.index)
          .map((p) =>
            p.kind === "arg" ? convertArgToInstance(p, args) : p.kind === "args" ? convertArgsToInstance(p, args) : p.kind === "root" ? (p.propertyName ? (parent as Record<string, unknown>)[p.propertyName] : parent) : p.kind === "context" ? context : info,
          );
        expect(method.mock.calls[0], `${type}.${field.name} given ${JSON.stringify(args)}`).toStrictEqual(expected);
      }
      checked.push(`${type}.${field.name}`);
    }
    expect(checked).toEqual(expect.arrayContaining(["Schedule.events", "ChangeSet.events"]));
  });
});
