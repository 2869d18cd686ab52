// The GraphiQL page, bundled by src/server/graphiql/build.ts: everything it needs (React, GraphiQL,
// Monaco and its workers, fonts) is served by the service itself, so it works without internet.
import { useGraphiQL, useGraphiQLActions, type GraphiQLPlugin } from "@graphiql/react";
import { GraphiQL } from "graphiql";
import "graphiql/style.css";
import { type ComponentProps, createElement as h, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { fillVariables, placeholdersOf, type RunOperation } from "../example-variables.js";
import type { GraphiQLPageConfig, PageExample } from "../page-config.js";
import "./examples.css";

type Fetcher = ComponentProps<typeof GraphiQL>["fetcher"];

const config = JSON.parse(document.getElementById("graphiql-config")!.textContent!) as GraphiQLPageConfig;

// Monaco runs its language services in web workers; serve them from our own assets.
(globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    const file = label === "json" ? "json.worker.js" : label === "graphql" ? "graphql.worker.js" : "editor.worker.js";
    return new Worker(`${config.assetsPath}${file}?v=${config.assetsVersion}`);
  },
};

// CSRF prevention stays on in Apollo: every request says it is not a simple cross-site form post.
async function postOperation(params: unknown, headers?: Record<string, string>): Promise<any> {
  const response = await fetch(config.endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      "apollo-require-preflight": "true",
      ...headers,
    },
    body: JSON.stringify(params),
  });
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ message: `HTTP ${response.status} without a GraphQL answer: ${text.slice(0, 500)}` }] };
  }
}
const fetcher: Fetcher = (params, options) => postOperation(params, options?.headers);

/** Runs an operation with the headers of the headers editor (JSON text), for filling in examples. */
function operationRunner(headersText: string | undefined): RunOperation {
  let headers: Record<string, string> = {};
  try {
    headers = headersText?.trim() ? (JSON.parse(headersText) as Record<string, string>) : {};
  } catch {
    throw new Error("the Headers editor does not hold valid JSON");
  }
  return async (query, variables) => {
    const result = (await postOperation({ query, variables }, headers)) as { data?: Record<string, any>; errors?: { message: string }[] };
    if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join("; "));
    return result.data ?? {};
  };
}

type FillState = { state: "idle" | "filling" | "filled" | "failed"; title?: string; message?: string };

/**
 * GraphiQL does not keep headers between visits (they may hold real tokens), so tabs restored from
 * an earlier visit come back with none. In the embedded default, a tab without headers gets the
 * demo token again when it becomes active. Rendered inside GraphiQL's provider; draws nothing.
 */
function KeepDemoHeaders({ headers }: { headers: string }) {
  const headerEditor = useGraphiQL((state) => state.headerEditor);
  const activeTabIndex = useGraphiQL((state) => state.activeTabIndex);
  useEffect(() => {
    if (headerEditor && !headerEditor.getValue().trim()) headerEditor.setValue(headers);
  }, [headerEditor, activeTabIndex, headers]);
  return null;
}

/**
 * Introspection needs a bearer token like every other operation (PUBLIC_INTROSPECTION aside), so
 * a page opened without one has no schema yet: once headers are typed or pasted, fetch it again.
 * Rendered inside GraphiQL's provider; draws nothing.
 */
function IntrospectWhenHeadersChange() {
  const headerEditor = useGraphiQL((state) => state.headerEditor);
  const schema = useGraphiQL((state) => state.schema);
  const { introspect } = useGraphiQLActions();
  useEffect(() => {
    if (!headerEditor || schema) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = headerEditor.onDidChangeModelContent(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void introspect(), 500);
    });
    return () => {
      clearTimeout(timer);
      subscription.dispose();
    };
  }, [headerEditor, schema, introspect]);
  return null;
}

function ExamplesIcon() {
  return h(
    "svg",
    { viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 1.5, "aria-hidden": true },
    h("path", { d: "M4 5h16M4 12h10M4 19h13", strokeLinecap: "round" }),
  );
}

function ExamplesPanel() {
  const { addTab } = useGraphiQLActions();
  const queryEditor = useGraphiQL((state) => state.queryEditor);
  const variableEditor = useGraphiQL((state) => state.variableEditor);
  const headerEditor = useGraphiQL((state) => state.headerEditor);
  const [fill, setFill] = useState<FillState>({ state: "idle" });
  const open = async (example: PageExample) => {
    // A new tab starts with the default headers; keep the token the user already put in.
    const headers = headerEditor?.getValue();
    addTab();
    queryEditor?.setValue(example.query);
    variableEditor?.setValue(example.variables);
    if (headers) headerEditor?.setValue(headers);
    if (!placeholdersOf(example.variables).length) return setFill({ state: "idle" });
    // Values such as {{scratch.version}} come from the caller's data, read now (example-variables.ts).
    setFill({ state: "filling", title: example.title, message: "Filling in the variables from your data…" });
    try {
      const filled = await fillVariables(example.variables, operationRunner(headers));
      // Only into the tab opened for this example (the user may have moved on meanwhile).
      if (queryEditor?.getValue() === example.query) variableEditor?.setValue(filled);
      setFill({ state: "filled", title: example.title, message: "Variables filled in from your data." });
    } catch (error) {
      setFill({ state: "failed", title: example.title, message: `Could not fill in the {{…}} variables: ${(error as Error).message}. Put your own values there.` });
    }
  };
  const areas = [...new Set(config.examples.map((e) => e.area))];
  return h(
    "section",
    { className: "pgw-examples", "aria-label": "Examples" },
    h("div", { className: "graphiql-doc-explorer-title" }, "Examples"),
    h("p", { className: "pgw-examples-hint" }, "Each opens in a new tab that keeps the current headers (your bearer token). Writes go to schedules of the examples' own."),
    ...areas.map((area) =>
      h(
        "div",
        { key: area, className: "pgw-examples-area" },
        h("h3", null, area),
        h(
          "ul",
          null,
          ...config.examples
            .filter((e) => e.area === area)
            .map((example) =>
              h(
                "li",
                { key: example.title },
                h("button", { type: "button", className: "pgw-example", title: example.description, onClick: () => void open(example) }, example.title),
                h("div", { className: "pgw-example-description" }, example.description),
                // How filling in the variables went, under the example that was opened.
                fill.state !== "idle" && fill.title === example.title
                  ? h("p", { className: "pgw-examples-status", role: "status", "data-state": fill.state, "data-example": example.title }, fill.message)
                  : null,
              ),
            ),
        ),
      ),
    ),
  );
}

const examplesPlugin: GraphiQLPlugin = { title: "Examples", icon: ExamplesIcon, content: ExamplesPanel };

createRoot(document.getElementById("graphiql")!).render(
  h(GraphiQL, {
    fetcher,
    plugins: [examplesPlugin],
    visiblePlugin: examplesPlugin,
    defaultQuery: config.welcome,
    defaultHeaders: config.headers || undefined,
    initialHeaders: config.headers || undefined,
    defaultEditorToolsVisibility: "headers",
    shouldPersistHeaders: false,
    children: [h(IntrospectWhenHeadersChange, { key: "introspect" }), config.headers ? h(KeepDemoHeaders, { key: "demo", headers: config.headers }) : null],
  }),
);
