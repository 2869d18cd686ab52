// Reading a GraphQL selection ahead of execution (which fields a query asks), one walk for every
// slice that plans its reads from it.
import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from "graphql";

export type Fragments = Record<string, FragmentDefinitionNode>;

/**
 * The fields selected directly in `set`, fragments flattened. @skip/@include are not evaluated
 * (a field under them counts as selected: a read planned from it fetches a superset). A fragment
 * the document does not define selects nothing (validation refuses such a document first), or
 * calls `missing` with its name when the caller would rather refuse it.
 */
export function selectedFields(set: SelectionSetNode | undefined, fragments: Fragments, missing?: (name: string) => void, out: FieldNode[] = []): FieldNode[] {
  if (!set) return out;
  for (const s of set.selections) {
    if (s.kind === "Field") out.push(s);
    else if (s.kind === "InlineFragment") selectedFields(s.selectionSet, fragments, missing, out);
    else {
      const fragment = fragments[s.name.value];
      if (!fragment) missing?.(s.name.value);
      selectedFields(fragment?.selectionSet, fragments, missing, out);
    }
  }
  return out;
}

/** Where a folded read's schedules are: the answer of Query.schedules (a page: under `content`) or of Query.schedule. */
export type FoldedField = "page" | "schedule";

/**
 * The nodes of field `name` of the schedules the field `info` resolves, when they have one response
 * key (several, aliases, are several reads: left to the field's own resolver); else null.
 */
export function foldedFieldNodes(info: GraphQLResolveInfo, answers: FoldedField, name: string): FieldNode[] | null {
  const schedules =
    answers === "schedule"
      ? info.fieldNodes
      : info.fieldNodes.flatMap((page) => selectedFields(page.selectionSet, info.fragments).filter((f) => f.name.value === "content"));
  const nodes = schedules.flatMap((schedule) => selectedFields(schedule.selectionSet, info.fragments).filter((f) => f.name.value === name));
  const keys = new Set(nodes.map((n) => n.alias?.value ?? n.name.value));
  return keys.size === 1 ? nodes : null;
}
