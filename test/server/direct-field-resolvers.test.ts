// Every argument-free @FieldResolver is called directly (src/server/graphql/direct-field-resolvers.ts):
// its method gets the parent object itself, the context and the info, with no copy of the parent
// into its class per call (type-graphql's convertToType, per row of a list). Each such field of
// the schema is called with a plain parent; the method must see that very object, and what it
// answers must be the field's answer. Fields with arguments keep type-graphql's handler.
import { isObjectType, type GraphQLResolveInfo } from "graphql";
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
