// Which Schedule.events selections the JSON read builds (json-plan.ts), and what it fetches for them.
import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { jsonPlanOf } from "../../src/events/json-plan.js";

/** The plan of the `events` field of `query` (fragments of the document included). */
function planOf(query: string) {
  const document = parse(query);
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const events = operation.selectionSet.selections[0] as FieldNode;
  return jsonPlanOf({ fieldNodes: [events], fragments });
}

describe("events: the JSON read's plan", () => {
  it("names the columns, data fields and asset fields selected, through aliases and fragments", () => {
    const plan = planOf(`{ events { totalElements content { i: id ...F asset { assetId systemFields { title } s: systemFields { som } tags { name } } } } }
      fragment F on Event { onAirTime houseId ... on Event { programme { title } } }`);
    expect(plan).toMatchObject({
      columns: ["id", "onAirTime"],
      data: ["houseId", "programme"],
      asset: { columns: ["assetId"], documents: [{ field: "systemFields", keys: ["som", "title"] }, { field: "tags", keys: null }] },
    });
  });

  it("takes a document whole when a field of it has its own selection", () => {
    const plan = planOf(`{ events { content { asset { systemFields { title recordingInfo { channelId } } } } } }`);
    expect(plan?.asset?.documents).toEqual([{ field: "systemFields", keys: null }]);
  });

  it("gives no plan for what it does not build", () => {
    for (const member of ["gaps", "overlaps", "programmes", "content { liveParameters { port } }", "content { asset { nothing } }", "content { unknownField }", "...Missing"]) {
      expect(planOf(`{ events { ${member} } }`), member).toBeNull();
    }
  });

  it("gives the same plan text for the same selection written differently", () => {
    const a = planOf(`{ events { content { title id asset { name } } } }`);
    const b = planOf(`{ events { content { id ... on Event { title asset { name } } } } }`);
    expect(a?.key).toBe(b?.key);
  });
});
