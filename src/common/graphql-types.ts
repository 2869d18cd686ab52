// GraphQL types shared by several slices.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
import { GraphQLError, GraphQLScalarType } from "graphql";
import { DateTimeResolver } from "graphql-scalars";
import { Field, Int, ObjectType, registerEnumType } from "type-graphql";
import { INSTANT_RANGE_TEXT, isInstantInRange } from "./instants.js";

/** An input instant, refused outside the range (src/common/instants.ts): never stored, never rewritten. */
function inRange(date: Date, given: unknown): Date {
  if (!isInstantInRange(date.getTime())) {
    throw new GraphQLError(`DateTime must lie ${INSTANT_RANGE_TEXT} (got ${JSON.stringify(given)})`, { extensions: { code: "BAD_USER_INPUT" } });
  }
  return date;
}

/**
 * graphql-scalars' DateTime, with input limited to years 1900–9999. Answers are not limited, so
 * that a time stored before the limit still reads.
 */
export const DateTimeScalar = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
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

@ObjectType()
export class SortOrder {
  @Field(() => String) property!: string;
  @Field(() => String, { description: "ASC or DESC" }) direction!: string;
  @Field(() => Boolean) ascending!: boolean;
  @Field(() => Boolean) ignoreCase!: boolean;
  @Field(() => String) nullHandling!: string;
}

@ObjectType()
export class PageInfo {
  @Field(() => Int) offset!: number;
  @Field(() => Int) pageNumber!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => Boolean) paged!: boolean;
  @Field(() => Boolean) unpaged!: boolean;
  @Field(() => SortOrder, { nullable: true }) sort!: SortOrder | null;
}

@ObjectType({ description: "A HAL-style link" })
export class Link {
  @Field(() => String, { nullable: true, description: "self, download, …" }) rel?: string | null;
  @Field(() => String) href!: string;
  @Field(() => Boolean, { nullable: true }) templated?: boolean | null;
  @Field(() => String, { nullable: true }) type?: string | null;
  @Field(() => String, { nullable: true }) deprecation?: string | null;
  @Field(() => String, { nullable: true }) hreflang?: string | null;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) profile?: string | null;
  @Field(() => String, { nullable: true }) title?: string | null;
}

@ObjectType({ description: "A code and messages" })
export class ResultMessage {
  @Field(() => Int) code!: number;
  @Field(() => [String]) messages!: string[];
}

/** The page members every paged answer carries (SPEC SchedulePage, EventPage, …); `content` is the subclass's. */
// Not referenced by any field itself, so the schema holds no PageMembers type.
@ObjectType()
export abstract class PageMembers {
  @Field(() => Boolean) empty!: boolean;
  @Field(() => Boolean) first!: boolean;
  @Field(() => Boolean) last!: boolean;
  @Field(() => Int) number!: number;
  @Field(() => Int) numberOfElements!: number;
  @Field(() => Int) size!: number;
  @Field(() => Int) totalElements!: number;
  @Field(() => Int) totalPages!: number;
  @Field(() => PageInfo) pageable!: PageInfo;
  @Field(() => [SortOrder]) sort!: SortOrder[];
}
