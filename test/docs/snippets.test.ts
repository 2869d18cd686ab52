// The docs' TypeScript blocks are compiled (tools/check-doc-snippets.ts, run by `npm run lint`):
// the tool's core, in-process, on docs/CLIENTS.md and on pages with blocks planted to fail.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSnippets, extractSnippets } from "../../tools/check-doc-snippets.js";

const options = { clientsDir: "docs/clients", workRoot: join("node_modules", ".cache") };

// Apollo Client 4 types `data` by `dataState`: a partial job's status may be undefined.
const UNGUARDED_POLL = `<!-- snippet
import { ApolloClient } from "@apollo/client";
import { POLL_JOB } from "./clients/jobs-apollo.js";
declare const client: ApolloClient;
declare const id: string;
-->
\`\`\`ts
const subscription = client.watchQuery({ query: POLL_JOB, variables: { id }, pollInterval: 1000 }).subscribe(({ data }) => {
  const job = data?.job;
  if (job && ["SUCCEEDED", "FAILED", "CANCELED"].includes(job.status)) subscription.unsubscribe();
});
\`\`\`
`;

describe("tools/check-doc-snippets.ts", () => {
  it("reads a block's context and an unchecked block's reason, and blocks indented in a list", () => {
    const page = `Intro\n\n<!-- snippet\ndeclare const token: string;\n-->\n\`\`\`ts\nconsole.log(token);\n\`\`\`\n\n- item\n\n  <!-- snippet: unchecked: not installed -->\n  \`\`\`tsx\n  const x = 1;\n  \`\`\`\n\n\`\`\`graphql\n{ a }\n\`\`\`\n`;
    const [first, second] = extractSnippets("page.md", page);
    expect(first).toMatchObject({ line: 7, lang: "ts", code: "console.log(token);\n", context: { code: "declare const token: string;\n", line: 4 } });
    expect(second).toMatchObject({ line: 14, lang: "tsx", code: "const x = 1;\n", unchecked: "not installed" });
    expect(() => extractSnippets("page.md", "<!-- snippet: unchecked: -->\n```ts\nx\n```\n")).toThrow(/reason/);
  });

  it("compiles docs/CLIENTS.md with no error, and fails planted blocks at their page line", async () => {
    const doc = await readFile("docs/CLIENTS.md", "utf8");
    const planted = [
      UNGUARDED_POLL,
      // A name nobody declares: a block must import or declare what it uses.
      "```ts\nawait client.query({ query: POLL });\n```\n",
      // Drift from docs/clients: pollJob takes the client first.
      "<!-- snippet\nimport type { Client } from \"@urql/core\";\nimport { pollJob } from \"./clients/jobs-urql.js\";\ndeclare const client: Client;\n-->\n```ts\npollJob(\"42\", client, () => {});\n```\n",
      // Left out on purpose, with its reason: listed, never compiled.
      "<!-- snippet: unchecked: shows a shape, not code -->\n```ts\nthis is not TypeScript\n```\n",
    ].join("\n");
    const result = await checkSnippets(
      [
        { doc: "docs/CLIENTS.md", text: doc },
        { doc: "planted.md", text: planted },
      ],
      options,
    );
    const lines = UNGUARDED_POLL.split("\n").length;
    expect(result.errors.filter((e) => e.startsWith("docs/CLIENTS.md"))).toEqual([]);
    expect(result.errors).toEqual([
      // The report of a frontend that followed the page: `data` may be partial.
      expect.stringMatching(/^planted\.md:10: Argument of type 'string \| undefined' is not assignable to parameter of type 'string'/),
      `planted.md:${lines + 2}: Cannot find name 'client'.`,
      `planted.md:${lines + 2}: Cannot find name 'POLL'.`,
      expect.stringMatching(new RegExp(`^planted\\.md:${lines + 11}: Argument of type 'string' is not assignable to parameter of type 'Client'`)),
    ]);
    expect(result.unchecked.map((s) => s.doc)).toEqual(["planted.md"]);
  });
});
