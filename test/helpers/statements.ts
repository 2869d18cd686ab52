// The data of a GraphQL request and the SQL statements this process ran for it (a file that counts
// statements runs its own service: useOwnTestService). Shared by the statement-count tests.
import { statementCounter } from "../../src/db/client.js";
import type { GraphQLClient } from "./service.js";

/** Runs `query` (once before unless `warmUp` is false: nothing cached on the first call counts) and counts its statements. */
export async function statementsOf(gql: GraphQLClient, query: string, variables: Record<string, unknown> = {}, warmUp = false): Promise<{ statements: number; texts: string[]; data: any }> {
  if (warmUp) await gql.data(query, variables);
  statementCounter.count = 0;
  statementCounter.texts = [];
  statementCounter.enabled = true;
  try {
    const data = await gql.data(query, variables);
    return { statements: statementCounter.count, texts: statementCounter.texts, data };
  } finally {
    statementCounter.enabled = false;
  }
}
