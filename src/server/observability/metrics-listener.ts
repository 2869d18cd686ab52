// The Prometheus listener: GET /metrics on METRICS_HOST:METRICS_PORT, a server of its own so that
// the metrics are never on the public port (they name operations, job types and the service's
// functions, and their scrape reads the database). Anything else answers 404 in JSON, as the
// public port does.
import http from "node:http";
import type { Logger } from "../../common/log.js";
import type { ServiceMetrics } from "./metrics.js";

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

function answer(res: http.ServerResponse, status: number, contentType: string, body: string): void {
  res.statusCode = status;
  res.setHeader("content-type", contentType);
  res.setHeader("cache-control", "no-store");
  res.end(body);
}

export async function listenForMetrics(metrics: ServiceMetrics, port: number, host: string, log: Logger): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      return answer(res, 404, "application/json; charset=utf-8", JSON.stringify({ errors: [{ message: "Metrics are at GET /metrics", extensions: { code: "NOT_FOUND" } }] }));
    }
    metrics.exposition().then(
      ({ contentType, text }) => answer(res, 200, contentType, text),
      (error: unknown) => {
        log.error("metrics could not be collected", { error: String(error) });
        answer(res, 500, "application/json; charset=utf-8", JSON.stringify({ errors: [{ message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } }] }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as { port: number }).port;
  log.info("metrics listening", { port: bound, host, path: "/metrics" });
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
