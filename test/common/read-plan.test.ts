// A read plan kept by the resolver's field node (src/common/read-plan.ts planFor) is the plan its
// selection gives, for random selections (fields, inline fragments, named fragments), members and
// orders of calls: a node's plan for one member is never another member's, nor another node's.
import fc from "fast-check";
import { parse, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { namesSelected } from "../../src/common/read-plan.js";
import { JOB_READS } from "../../src/jobs/mapper.js";

const FIELDS = ["id", "status", "type", "organization", "progress", "dateCreated", "dateStarted", "messages", "fileName", "attempts", "__typename"];

/** A selection of some fields, part of them in an inline fragment and part in a named one. */
const selection = fc.record({
  plain: fc.subarray(FIELDS),
  inline: fc.subarray(FIELDS),
  named: fc.subarray(FIELDS),
});

function infoOf(s: { plain: string[]; inline: string[]; named: string[] }): GraphQLResolveInfo {
  const body = (names: string[]) => (names.length ? names.join(" ") : "__typename");
  const text = `query { jobPage { ${body(s.plain)} content { ${body(s.plain)} ... on Job { ${body(s.inline)} } ...F } ... on JobPage { totalElements } } } fragment F on Job { ${body(s.named)} }`;
  const document = parse(text);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === "FragmentDefinition").map((d) => [d.name.value, d]));
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments } as unknown as GraphQLResolveInfo;
}

describe("a read plan kept by field node", () => {
  it("is the plan of that node's selection, for its own member, in any order of calls", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(selection, fc.constantFrom(undefined, "content")), { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), (calls, again) => {
        const infos = calls.map(([s]) => infoOf(s));
        const ask = (i: number) => {
          const member = calls[i][1];
          const plan = JOB_READS.planFor(infos[i], member);
          expect(plan).toBe(JOB_READS.planOf(namesSelected(infos[i], member)));
          // The other member of the same node has its own plan.
          const other = member === undefined ? "content" : undefined;
          expect(JOB_READS.planFor(infos[i], other)).toBe(JOB_READS.planOf(namesSelected(infos[i], other)));
        };
        for (let i = 0; i < calls.length; i++) ask(i);
        for (const n of again) ask(n % calls.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe("answers of a type with field resolvers", () => {
  it("are instances of the type's class, so that type-graphql hands them to its field resolvers as they are", async () => {
    const { Job } = await import("../../src/jobs/types.js");
    const plan = JOB_READS.planOf(["id", "status", "resourceLink", "links", "downloadUrl"]);
    const row = { id: 7, organization: "org", status: "SUCCEEDED", resultPath: null, fileName: "a.xml", resourceExtension: "xml", result: null } as never;
    const out = JOB_READS.toOutput(row, plan);
    expect(out).toBeInstanceOf(Job);
    // Only the plan's fields, as own members (the class adds none).
    expect(Object.keys(out).sort()).toEqual(plan.fields.map(([name]) => name).sort());
  });
});
