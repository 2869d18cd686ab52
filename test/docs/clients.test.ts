// docs/CLIENTS.md stays true: it quotes the client configurations of docs/clients/ whole (the
// files test/clients/ runs), and names every object type without an identity of its own.
import { readFile, readdir } from "node:fs/promises";
import { buildSchema, isNonNullType, isObjectType } from "graphql";
import { describe, expect, it } from "vitest";

const doc = await readFile("docs/CLIENTS.md", "utf8");

describe("docs/CLIENTS.md", () => {
  it("quotes every configuration of docs/clients/ as it is", async () => {
    for (const file of await readdir("docs/clients")) {
      expect(doc.includes("```ts\n" + (await readFile(`docs/clients/${file}`, "utf8")) + "```"), file).toBe(true);
    }
  });

  it("lists as value objects exactly the object types without a non-null id", async () => {
    const schema = buildSchema(await readFile("schema.graphql", "utf8"));
    const listed = new Set(/^Value objects: (.+)\.$/m.exec(doc)![1].split(", "));
    const withoutIdentity = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && !type.name.startsWith("__") && !["Query", "Mutation"].includes(type.name))
      .filter((type) => {
        const id = isObjectType(type) ? type.getFields().id : undefined;
        return !id || !isNonNullType(id.type) || listed.has(type.name);
      })
      .map((type) => type.name);
    expect(withoutIdentity.sort()).toEqual([...listed].sort());
  });

  it("has urql's configuration key every value object, so graphcache warns of none (an id-less type read anywhere)", async () => {
    const listed = /^Value objects: (.+)\.$/m.exec(doc)![1].split(", ");
    const { VALUE_OBJECTS } = await import("../../docs/clients/urql.js");
    expect([...VALUE_OBJECTS].sort()).toEqual([...listed].sort());
  });
});
