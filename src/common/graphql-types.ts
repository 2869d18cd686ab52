// GraphQL types shared by several slices.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
import { GraphQLError, GraphQLScalarType } from "graphql";
import { DateTimeResolver } from "graphql-scalars";
import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { DATE_LIMIT_MS, INSTANT_RANGE_TEXT, isInstantInRange } from "./instants.js";
import { isoInstant } from "./iso-instant.js";

/** An input instant, refused outside the range (src/common/instants.ts): never stored, never rewritten. */
function inRange(date: Date, given: unknown): Date {
  if (!isInstantInRange(date.getTime())) {
    throw new GraphQLError(`DateTime must lie ${INSTANT_RANGE_TEXT} (got ${JSON.stringify(given)})`, { extensions: { code: "BAD_USER_INPUT" } });
  }
  return date;
}

/**
 * An answer's instant as its ISO text: a Date or ms since the epoch (what the JSON reads give), as
 * graphql-scalars' DateTime answers them once JSON.stringify has called toJSON, written without a
 * Date (iso-instant.ts). Anything else (a string, an invalid Date, a time no Date holds) goes to
 * graphql-scalars.
 */
function serializeInstant(value: unknown): unknown {
  const ms = typeof value === "number" ? value : value instanceof Date ? value.getTime() : NaN;
  return Number.isInteger(ms) && Math.abs(ms) <= DATE_LIMIT_MS ? isoInstant(ms) : DateTimeResolver.serialize(value);
}

/**
 * graphql-scalars' DateTime, with input limited to years 1900–9999. Answers are not limited, so
 * that a time stored before the limit still reads.
 */
export const DateTimeScalar = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize: serializeInstant,
  description: `${DateTimeResolver.description} Input must lie ${INSTANT_RANGE_TEXT}.`,
  parseValue: (value) => inRange(DateTimeResolver.parseValue(value) as Date, value),
  parseLiteral: (ast, variables) => inRange(DateTimeResolver.parseLiteral(ast, variables) as Date, "value" in ast ? ast.value : null),
});

export enum MessageType {
  OK = "OK",
  INFO = "INFO",
  WARNING = "WARNING",
  ERROR = "ERROR",
}
registerEnumType(MessageType, { name: "MessageType", description: "Severity of a Message" });

@ObjectType({ description: "A note about what an operation did or found" })
export class Message {
  @Field(() => String)
  message!: string;

  @Field(() => MessageType)
  type!: MessageType;
}

@ObjectType({ description: "One ordering of a page: the property and its direction" })
export class SortOrder {
  @Field(() => String, { description: "The field the page is ordered by" }) property!: string;
  @Field(() => String, { description: "ASC or DESC" }) direction!: string;
  @Field(() => Boolean, { description: "True when direction is ASC" }) ascending!: boolean;
  @Field(() => Boolean, { description: "Whether text compares without regard to case (always false)" }) ignoreCase!: boolean;
  @Field(() => String, { description: "Where nulls go (always NATIVE: the database's order)" }) nullHandling!: string;
}

@ObjectType({ description: "Where a page sits in its list; hasNextPage and hasPreviousPage as Relay's PageInfo has them" })
export class PageInfo {
  @Field(() => Int, { description: "How many items come before this page" }) offset!: number;
  @Field(() => Int, { description: "This page's number, from 0" }) pageNumber!: number;
  @Field(() => Int, { description: "Items per page asked for" }) pageSize!: number;
  @Field(() => Boolean, { description: "Always true: every list is paged" }) paged!: boolean;
  @Field(() => Boolean, { description: "Always false: every list is paged" }) unpaged!: boolean;
  @Field(() => SortOrder, { nullable: true, description: "The first ordering of the page, if any" }) sort!: SortOrder | null;
  @Field(() => Boolean, { description: "Whether a page follows this one" }) hasNextPage!: boolean;
  @Field(() => Boolean, { description: "Whether a page comes before this one" }) hasPreviousPage!: boolean;
}

@ObjectType({ description: "A HAL-style link" })
export class Link {
  @Field(() => String, { nullable: true, description: "self, download, …" }) rel?: string | null;
  @Field(() => String, { description: "Absolute URL of the link" }) href!: string;
  @Field(() => Boolean, { nullable: true, description: "Whether href is a URI template" }) templated?: boolean | null;
  @Field(() => String, { nullable: true, description: "Media type of what the link leads to" }) type?: string | null;
  @Field(() => String, { nullable: true, description: "Set when the link will go away: a URL explaining why" }) deprecation?: string | null;
  @Field(() => String, { nullable: true, description: "Language of what the link leads to" }) hreflang?: string | null;
  @Field(() => String, { nullable: true, description: "A name telling links of one rel apart" }) name?: string | null;
  @Field(() => String, { nullable: true, description: "URL of a profile the target follows" }) profile?: string | null;
  @Field(() => String, { nullable: true, description: "A human-readable title" }) title?: string | null;
}

@ObjectType({ description: "A code and messages" })
export class ResultMessage {
  @Field(() => Int, { description: "0 when the call succeeded" }) code!: number;
  @Field(() => [String], { description: "What was done, in words" }) messages!: string[];
}

/** The page members every paged answer carries (SPEC SchedulePage, EventPage, …); `content` is the subclass's. */
// Not referenced by any field itself, so the schema holds no PageMembers type.
@ObjectType()
export abstract class PageMembers {
  @Field(() => Boolean, { description: "True when this page holds no items" }) empty!: boolean;
  @Field(() => Boolean, { description: "True on page 0" }) first!: boolean;
  @Field(() => Boolean, { description: "True when no page follows this one" }) last!: boolean;
  @Field(() => Int, { description: "This page's number, from 0" }) number!: number;
  @Field(() => Int, { description: "How many items this page holds" }) numberOfElements!: number;
  @Field(() => Int, { description: "Items per page asked for" }) size!: number;
  @Field(() => Int, { description: "How many items the whole list holds" }) totalElements!: number;
  @Field(() => Int, { description: "How many pages the whole list makes at this size" }) totalPages!: number;
  @Field(() => PageInfo, { description: "Where this page sits in the list" }) pageable!: PageInfo;
  @Field(() => [SortOrder], { description: "The orderings of the list" }) sort!: SortOrder[];
}
