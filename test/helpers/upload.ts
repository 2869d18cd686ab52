// GraphQL multipart requests (the spec graphql-upload implements) for tests: one file, variable `file`.
import type { GraphQLResult } from "./service.js";

export async function uploadRequest(
  url: string,
  token: string | undefined,
  query: string,
  file: { name: string; content: string | Uint8Array },
  variables: Record<string, unknown> = {},
  /** The multipart `map` (default: the file is `variables.file`); tests of a wrong map name another. */
  map: Record<string, string[]> = { 0: ["variables.file"] },
): Promise<GraphQLResult> {
  const form = new FormData();
  form.set("operations", JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.set("map", JSON.stringify(map));
  form.set("0", new Blob([file.content]), file.name);
  const response = await fetch(url + "/graphql", {
    method: "POST",
    headers: { "apollo-require-preflight": "true", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const text = await response.text();
  try {
    return { ...(JSON.parse(text) as GraphQLResult), status: response.status };
  } catch {
    return { errors: [{ message: text, extensions: { code: `HTTP_${response.status}` } }], status: response.status };
  }
}
