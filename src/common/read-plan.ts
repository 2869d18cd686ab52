// Planned reads: what a list or lookup reads is worked out from the GraphQL selection, through the
// type's read map (each field: the row columns it needs and how it is made from them), so a
// statement names only the columns asked for and counts only when a count is asked. One
// mechanism for every type that has a read map; a caller without a selection (REST, a mutation
// answering a whole object) reads every field.
import type { FieldNode, GraphQLResolveInfo } from "graphql";
import { boundedLru } from "./bounded-lru.js";
import { selectedFields } from "./selection.js";
import { objectMaker, type ObjectMaker } from "./object-maker.js";

/** How one GraphQL field of a type is read: the row columns it needs, and its value from them. */
export interface FieldRead<Row> {
  columns: readonly (keyof Row & string)[];
  value: (row: Row) => unknown;
}

/** A field answered by one column as stored. */
export function asStored<Row>(column: keyof Row & string): FieldRead<Row> {
  return { columns: [column], value: (row) => row[column] };
}

/** The plan of one selection: the columns a statement reads and the fields an answer is made of. */
export interface ReadPlan<Row> {
  /** A stable text of the plan (statement caches). */
  key: string;
  columns: readonly (keyof Row & string)[];
  fields: readonly [string, FieldRead<Row>][];
}

/** The members of page types (and of their `pageable`) answered from the count of matching rows. */
export const PAGE_TOTAL_MEMBERS: ReadonlySet<string> = new Set(["totalElements", "totalPages", "last"]);
export const PAGEABLE_TOTAL_MEMBERS: ReadonlySet<string> = new Set(["hasNextPage"]);

export class ReadMap<Row, Out> {
  private readonly entries: Map<string, FieldRead<Row>>;
  private readonly plans = boundedLru<string, ReadPlan<Row>>({ entries: 256 });
  /**
   * The plan of a resolver's field node, by member: a document's nodes are the same objects every
   * time its compiled plan or Apollo's parsed document runs again, so the selection is walked once
   * per document, not once per request. Held no longer than the document.
   */
  private readonly byNode = new WeakMap<FieldNode, Map<string, ReadPlan<Row>>>();
  /** Every field: for callers without a selection. */
  readonly everything: ReadPlan<Row>;
  /** The prototype of the answers (null: plain objects). */
  private readonly prototype: object | null;
  /** The maker of each plan's answers (common/object-maker.ts), made with its first answer. */
  private readonly makers = new WeakMap<ReadPlan<Row>, ObjectMaker>();

  /**
   * @param fields every field of the type that a row answers
   * @param always columns every plan reads (the key, and what visibility checks need)
   * @param resolvedFrom GraphQL fields a resolver makes from other fields of the answer (their names)
   * @param others what any other field reads: nothing, or (a type whose resolvers take the whole object) every field
   * @param type the GraphQL type's class, for a type with field resolvers: answers are made as its
   *   instances, because type-graphql hands a field resolver its parent as an instance of the class,
   *   and copied a plain object into one (every field, twice) for every call on every row
   */
  constructor(
    fields: { [K in keyof Out & string]?: FieldRead<Row> },
    private readonly always: readonly (keyof Row & string)[],
    private readonly resolvedFrom: Record<string, readonly (keyof Out & string)[]> = {},
    private readonly others: "nothing" | "everything" = "nothing",
    type?: abstract new (...args: never[]) => Out,
  ) {
    this.prototype = type ? (type.prototype as object) : null;
    this.entries = new Map(Object.entries(fields) as [string, FieldRead<Row>][]);
    this.everything = this.planOf([...this.entries.keys()]);
  }

  /** The plan for these field names (__typename reads nothing; other unknown names read what `others` says). */
  planOf(names: Iterable<string>): ReadPlan<Row> {
    const wanted = new Set<string>();
    for (const name of names) {
      if (this.others === "everything" && name !== "__typename" && !this.entries.has(name) && !this.resolvedFrom[name]) return this.everything;
      for (const field of this.resolvedFrom[name] ?? [name]) wanted.add(field);
    }
    const known = [...wanted].filter((name) => this.entries.has(name)).sort();
    const key = known.join(",");
    let plan = this.plans.get(key);
    if (!plan) {
      const columns = new Set<keyof Row & string>(this.always);
      const fields = known.map((name): [string, FieldRead<Row>] => [name, this.entries.get(name)!]);
      for (const [, read] of fields) for (const column of read.columns) columns.add(column);
      plan = { key, columns: [...columns].sort(), fields };
      this.plans.set(key, plan);
    }
    return plan;
  }

  /** The plan of the objects a resolver answers: its own selection, or that of a member (`content` of a page). */
  planFor(info: GraphQLResolveInfo | undefined, member?: string): ReadPlan<Row> {
    if (!info) return this.everything;
    if (info.fieldNodes.length !== 1) return this.planOf(namesSelected(info, member));
    let byMember = this.byNode.get(info.fieldNodes[0]);
    if (!byMember) this.byNode.set(info.fieldNodes[0], (byMember = new Map()));
    let plan = byMember.get(member ?? "");
    if (!plan) byMember.set(member ?? "", (plan = this.planOf(namesSelected(info, member))));
    return plan;
  }

  /** The answer made from a row, with the plan's fields only. */
  toOutput(row: Row, plan: ReadPlan<Row>): Out {
    let make = this.makers.get(plan);
    if (!make) this.makers.set(plan, (make = objectMaker(plan.fields.map(([name]) => name), this.prototype ?? Object.prototype)));
    const { fields } = plan;
    const values: unknown[] = new Array(fields.length);
    for (let i = 0; i < fields.length; i++) values[i] = fields[i][1].value(row);
    return make(values) as Out;
  }

  /** Whether a row answers this field (not a field resolved elsewhere). */
  answers(name: string): boolean {
    return this.entries.has(name);
  }
}

/** The field names selected under the resolver's field, or under one of its members (fragments flattened). */
export function namesSelected(info: GraphQLResolveInfo, member?: string): string[] {
  const names: string[] = [];
  for (const node of info.fieldNodes) {
    for (const field of selectedFields(node.selectionSet, info.fragments)) {
      if (member === undefined) names.push(field.name.value);
      else if (field.name.value === member) for (const inner of selectedFields(field.selectionSet, info.fragments)) names.push(inner.name.value);
    }
  }
  return names;
}

/** Whether a page's selection needs the count of matching rows (totalElements, totalPages, last, pageable.hasNextPage). */
export function pageNeedsTotal(info: GraphQLResolveInfo | undefined): boolean {
  if (!info) return true;
  for (const node of info.fieldNodes) {
    for (const field of selectedFields(node.selectionSet, info.fragments)) {
      if (PAGE_TOTAL_MEMBERS.has(field.name.value)) return true;
      if (field.name.value === "pageable" && selectedFields(field.selectionSet, info.fragments).some((f) => PAGEABLE_TOTAL_MEMBERS.has(f.name.value))) return true;
    }
  }
  return false;
}
