// GET /graphiql: the GraphiQL page, and GET /graphiql/assets/*: its bundle, built at install time
// into public/graphiql (src/server/graphiql/build.ts). Nothing is fetched from outside the service.
import { existsSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import express, { type Express } from "express";
import type { GraphQLSchema } from "graphql";
import type { Logger } from "../../common/log.js";
import { GRAPHIQL_ASSETS_DIR } from "./build.js";
import { selectExamples, toPageExample } from "./examples.js";
import type { GraphiQLPageConfig } from "./page-config.js";

export interface GraphiQLOptions {
  schema: GraphQLSchema;
  /** The demo token of the embedded default, prefilled in the headers editor; absent otherwise. */
  demoToken?: string;
  /** The demo organization when the embedded default keeps its token off the page (not on loopback). */
  demoOrganization?: string;
  log: Logger;
  assetsDir?: string;
}

const ASSETS_PATH = "/graphiql/assets/";

// The page may load only what the service itself serves (plus inline styles Monaco sets and the
// fonts GraphiQL's CSS inlines as data: URLs): a CDN request would be refused by the browser too.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "worker-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

/** Whether a listening address is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function welcomeText(demo: boolean, demoOrganization?: string): string {
  const auth = demo
    ? ["# Headers (below) holds the demo token printed", "# at start-up: admin of the demo organization."]
    : [
        "# Every operation needs a bearer token: put",
        '#   { "Authorization": "Bearer <token>" }',
        "# in Headers (below). This prints one:",
        demoOrganization ? `#   npm run token -- --org ${demoOrganization} --role admin` : "#   npm run token -- --org ORG --role editor",
      ];
  return [
    "# playout-gateway: channel schedules and",
    "# playout usage reporting over GraphQL.",
    "#",
    ...auth,
    "#",
    "# Examples for each area: the Examples panel.",
    "# The schema: the Docs panel. Run: Ctrl-Enter.",
    "",
    "query MySchedules {",
    "  schedules(size: 10) {",
    "    totalElements",
    "    content {",
    "      id",
    "      name",
    "      channel",
    "      startDate",
    "      version",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n");
}

/** Embeds JSON in a <script type="application/json"> so no value can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

export function renderGraphiQLPage(config: GraphiQLPageConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>playout-gateway · GraphiQL</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${config.assetsPath}graphiql.css?v=${config.assetsVersion}">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql"><noscript>GraphiQL needs JavaScript.</noscript></div>
<script id="graphiql-config" type="application/json">${jsonForScript(config)}</script>
<script type="module" src="${config.assetsPath}graphiql.js?v=${config.assetsVersion}"></script>
</body>
</html>
`;
}

export function graphiQLPageConfig(options: Pick<GraphiQLOptions, "schema" | "demoToken" | "demoOrganization" | "log">, assetsVersion = ""): GraphiQLPageConfig {
  const { shown, hidden } = selectExamples(options.schema);
  for (const { example, reason, invalid } of hidden) {
    // A missing area is expected while it is being built; an example that names fields wrongly is a bug.
    if (invalid) options.log.warn("GraphiQL example does not validate against the schema", { example: example.title, reason });
    else options.log.debug("GraphiQL example hidden", { example: example.title, reason });
  }
  const demo = options.demoToken !== undefined;
  return {
    endpoint: "/graphql",
    assetsPath: ASSETS_PATH,
    assetsVersion,
    headers: demo ? JSON.stringify({ Authorization: `Bearer ${options.demoToken}` }, null, 2) : "",
    welcome: welcomeText(demo, options.demoOrganization),
    examples: shown.map(toPageExample),
  };
}

export function mountGraphiQL(app: Express, options: GraphiQLOptions): void {
  const assetsDir = options.assetsDir ?? GRAPHIQL_ASSETS_DIR;
  const config = graphiQLPageConfig(options);
  const bundle = join(assetsDir, "graphiql.js");
  if (!existsSync(bundle)) options.log.warn("GraphiQL bundle missing: run `npm run build:graphiql`", { assetsDir });
  // The bundle's build time versions the asset URLs, so a rebuilt bundle is never mixed with a cached one.
  const pages = new Map<string, string>();
  const page = (version: string): string => {
    let html = pages.get(version);
    if (!html) pages.set(version, (html = renderGraphiQLPage({ ...config, assetsVersion: version })));
    return html;
  };

  app.get("/graphiql", (_req, res) => {
    res.setHeader("cache-control", "no-store");
    const version = existsSync(bundle) ? Math.floor(statSync(bundle).mtimeMs).toString(36) : undefined;
    if (!version) {
      res
        .status(503)
        .type("text/plain")
        .send("GraphiQL's bundle is not built. Run `npm run build:graphiql` (it needs the dev dependencies: `npm install`), then reload.\n");
      return;
    }
    res.setHeader("content-security-policy", CONTENT_SECURITY_POLICY);
    res.type("html").send(page(version));
  });
  // The build writes a gzip copy of every script and stylesheet: send it to browsers that take it.
  app.get(`${ASSETS_PATH}:file`, (req, res, next) => {
    const file = req.params.file;
    if (!/\.(js|css)$/.test(file) || !req.acceptsEncodings("gzip") || !existsSync(join(assetsDir, file + ".gz"))) return next();
    res.setHeader("vary", "accept-encoding");
    res.setHeader("content-encoding", "gzip");
    res.type(extname(file));
    res.sendFile(file + ".gz", { root: assetsDir, maxAge: "1h" });
  });
  app.use(ASSETS_PATH, express.static(assetsDir, { index: false, fallthrough: false, maxAge: "1h" }));
}
