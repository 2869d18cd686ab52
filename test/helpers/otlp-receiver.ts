// An OTLP/HTTP receiver on loopback, as a Collector's would be: it takes what an exporter posts to
// /v1/traces (OTLP's JSON encoding: ExportTraceServiceRequest with hex ids) and decodes its spans.
import http from "node:http";

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values: AnyValue[] } };
type KeyValue = { key: string; value: AnyValue };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string; attributes: Record<string, unknown> }[];
  status: { code?: number; message?: string };
  /** The resource's attributes (service.name, ...). */
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** The URL to give OTEL_EXPORTER_OTLP_TRACES_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** Each request's content type, as the exporter sent it. */
  contentTypes: string[];
  close(): Promise<void>;
}

function valueOf(value: AnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return value.arrayValue.values.map(valueOf);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));

/** Decodes an ExportTraceServiceRequest in OTLP's JSON encoding. */
export function decodeTraces(body: unknown): ReceivedSpan[] {
  const request = body as { resourceSpans: { resource?: { attributes?: KeyValue[] }; scopeSpans: { spans: any[] }[] }[] };
  return request.resourceSpans.flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return resourceSpans.scopeSpans.flatMap((scope) =>
      scope.spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        links: (span.links ?? []).map((link: { traceId: string; spanId: string; attributes?: KeyValue[] }) => ({ traceId: link.traceId, spanId: link.spanId, attributes: attributesOf(link.attributes) })),
        status: span.status ?? {},
        resource,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        res.statusCode = 404;
        return res.end();
      }
      contentTypes.push(String(req.headers["content-type"]));
      spans.push(...decodeTraces(JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      res.setHeader("content-type", "application/json");
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    contentTypes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
