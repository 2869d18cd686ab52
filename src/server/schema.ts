import "reflect-metadata";
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from "graphql";
import { DateTimeResolver } from "graphql-scalars";
import { buildSchema } from "type-graphql";
import { RESOLVERS } from "./resolvers.js";

let built: Promise<GraphQLSchema> | undefined;

/** The executable schema, built once per process from the decorated classes. */
export function buildGraphQLSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({
    resolvers: RESOLVERS,
    scalarsMap: [{ type: Date, scalar: DateTimeResolver }],
    // Input rules live in the services, which map them to BAD_USER_INPUT.
    validate: false,
  });
  return built;
}

/** schema.graphql as committed: sorted so that its text depends only on the types. */
export async function printGraphQLSchema(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildGraphQLSchema())) + "\n";
}
