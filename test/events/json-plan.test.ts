// Which Schedule.events selections the JSON read builds (json-plan.ts), and what it fetches for them.
import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLObjectType } from "graphql";
import { ASSET_COLUMN_FIELDS, ASSET_DOCUMENT_FIELDS, jsonPlanOf } from "../../src/events/json-plan.js";
import { foldedPagesStatement } from "../../src/schedules/store/json-pages.js";

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
  it("plans every field of Asset but its rights windows: a field left out sends the page down the row-by-row read", () => {
    // A new Asset column must be added to ASSET_COLUMN_FIELDS (json-plan.ts) and ASSET_COLUMN_SQL
    // (store/json-pages.ts), or the JSON read of every page that selects it falls back, unseen.
    const asset = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8")).getType("Asset") as GraphQLObjectType;
    const planned = new Set<string>([...ASSET_COLUMN_FIELDS, ...ASSET_DOCUMENT_FIELDS]);
    const unplanned = Object.keys(asset.getFields()).filter((name) => !planned.has(name));
    expect(unplanned).toEqual(["rights"]);
    for (const field of ASSET_COLUMN_FIELDS) expect(planOf(`{ events { content { asset { ${field} } } } }`)?.asset?.columns, field).toEqual([field]);
  });

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

  it("needs the total only for totalElements, totalPages, last and pageable.hasNextPage", () => {
    for (const members of ["content { id } number size first empty numberOfElements sort { property } pageable { offset pageNumber pageSize hasPreviousPage }", "content { id }"]) {
      expect(planOf(`{ events { ${members} } }`)?.total, members).toBe(false);
    }
    for (const member of ["totalElements", "totalPages", "last", "pageable { hasNextPage }", "...P", "pageable { ...I }"]) {
      const plan = planOf(`{ events { content { id } ${member} } } fragment P on EventPage { totalPages } fragment I on PageInfo { hasNextPage }`);
      expect(plan?.total, member).toBe(true);
    }
    expect(planOf(`{ events { content { id } } }`)?.key).not.toBe(planOf(`{ events { content { id } totalElements } }`)?.key);
  });

  it("counts the matching events in the statement only when the total is needed, and without a filter takes the schedule's count", () => {
    const text = (members: string, filter: Record<string, unknown> | null, page = 3) =>
      new PgDialect().sqlToQuery(foldedPagesStatement(sql`select *, 1 as _rank from schedules`, { page, size: 20 }, filter, planOf(`{ events { content { id title } ${members} } }`)!)).sql;
    // Counts of matching events (the page itself is counted as it is aggregated: json_build_array(count(*), …)).
    const counts = (statement: string) => statement.match(/count\(\*\)::int from events/g)?.length ?? 0;
    expect(counts(text("", { eventType: "ADVERTISEMENT" }))).toBe(0);
    expect(counts(text("number", { eventType: "ADVERTISEMENT" }))).toBe(0);
    expect(counts(text("totalElements", { eventType: "ADVERTISEMENT" }))).toBe(1);
    expect(counts(text("totalPages", null))).toBe(0);
    expect(text("totalPages", null)).toContain("ids.event_count as total");
    expect(text("", null)).toContain("null::int as total");
    // A later page skips its offset inside the same statement: from the nearer end when the statement knows how many events match.
    const fromEitherEnd = /union all \(select .* order by e\.on_air_time desc, e\.id desc offset greatest/s;
    expect(text("", null)).toMatch(fromEitherEnd);
    expect(text("totalElements", { eventType: "ADVERTISEMENT" })).toMatch(fromEitherEnd);
    expect(text("", { eventType: "ADVERTISEMENT" })).not.toMatch(/union all/);
    // Its offset a parameter, its size written (db/planned-select.ts pageBounds: a generic plan then knows the limit).
    expect(text("", { eventType: "ADVERTISEMENT" })).toMatch(/offset \$\d+::bigint limit 20::bigint/);
    // A first page's limit is in the text.
    expect(text("totalElements", { eventType: "ADVERTISEMENT" }, 0)).toMatch(/limit 20\)/);
    expect(text("totalElements", { eventType: "ADVERTISEMENT" }, 0)).not.toMatch(/union all/);
  });
});

