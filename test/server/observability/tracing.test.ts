// Traces as a collector receives them: the service exports to an OTLP/HTTP receiver the test runs
// on loopback (test/helpers/otlp-receiver.ts decodes the JSON the exporter posts), not to an
// in-memory exporter. A request continues the caller's traceparent; its GraphQL operation and its
// statements are its children, the statements named by the function that sent them and carrying
// no values; a job's run is a trace of its own linked to the request that enqueued it; the trace
// id is in the errors' extensions and in every log line of the request.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { waitFor, waitForStatus } from "../../helpers/jobs.js";
import { startOtlpReceiver, type ReceivedSpan } from "../../helpers/otlp-receiver.js";
import { uniqueOrg, useOwnTestService } from "../../helpers/service.js";

const receiver = await startOtlpReceiver();
const t = useOwnTestService({ tracesEndpoint: receiver.url, serviceName: "playout-gateway-test", runWorker: true, jobPollMs: 50, logLevel: "info" });
afterAll(() => receiver.close());

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** A caller's trace: the traceparent it sends. */
function callerTrace() {
  const traceId = randomBytes(16).toString("hex");
  const spanId = randomBytes(8).toString("hex");
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

async function post(body: string, headers: Record<string, string>) {
  const response = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  return { requestId: response.headers.get("x-request-id")!, body: (await response.json()) as { data?: any; errors?: { extensions: Record<string, unknown> }[] } };
}

/** The spans received so far that match, once `done` holds of them (the service flushes on each try). */
async function spansWhere(filter: (span: ReceivedSpan) => boolean, done: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  return waitFor("the spans to reach the receiver", async () => {
    await t.service.observability.flush();
    const spans = receiver.spans.filter(filter);
    return done(spans) ? spans : null;
  });
}

describe("traces", () => {
  it("continue the caller's traceparent: the request, its GraphQL operation, its statements by function and without values", async () => {
    const org = uniqueOrg();
    const caller = callerTrace();
    const secret = `Secret-${randomBytes(4).toString("hex")}`;
    const answer = await post(JSON.stringify({ query: `mutation Make($name: String!) { createSchedule(input: { name: $name }) { id } }`, variables: { name: secret } }), {
      authorization: `Bearer ${await t.token(org)}`,
      traceparent: caller.traceparent,
    });
    expect(answer.body.errors).toBeUndefined();
    const spans = await spansWhere((span) => span.traceId === caller.traceId, (found) => found.some((span) => span.kind === SERVER) && found.some((span) => span.name === "mutation Make"));
    const request = spans.find((span) => span.kind === SERVER)!;
    expect(request).toMatchObject({ name: "POST /graphql", parentSpanId: caller.spanId });
    expect(request.attributes).toMatchObject({ "http.request.method": "POST", "http.response.status_code": 200, "playout.answer_path": "apollo", "playout.request_id": answer.requestId });
    expect(request.resource["service.name"]).toBe("playout-gateway-test");
    const operation = spans.find((span) => span.name === "mutation Make")!;
    expect(operation.parentSpanId).toBe(request.spanId);
    expect(operation.attributes).toMatchObject({ "graphql.operation.type": "mutation", "graphql.operation.name": "Make", "playout.answer_path": "apollo" });
    expect(operation.attributes["playout.graphql.cost"]).toEqual(expect.any(Number));
    const statements = spans.filter((span) => span.kind === CLIENT);
    expect(statements.length).toBeGreaterThan(1);
    for (const statement of statements) {
      expect(statement.parentSpanId).toBe(operation.spanId);
      expect(statement.attributes).toMatchObject({ "db.system.name": "postgresql", "code.function.name": statement.name });
      expect(statement.name).toMatch(/^[a-z-]+(\/[a-z-]+)*[.:]/);
    }
    // History's settings (actor, operation), set by the unit of work before it writes.
    expect(statements.map((span) => span.name)).toContain("schedules/edit-schedule.editScheduleIn");
    // Neither the values sent nor the organization appear anywhere in what was exported.
    expect(JSON.stringify(spans)).not.toContain(secret);
    expect(JSON.stringify(spans)).not.toContain(org);
    expect(receiver.contentTypes.every((type) => type.startsWith("application/json"))).toBe(true);
  });

  it("put the trace id in the errors' extensions beside the request id, and in every log line of the request", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    try {
      const caller = callerTrace();
      const token = await t.token(uniqueOrg());
      const invalid = await post(JSON.stringify({ query: "{ noSuchField }" }), { authorization: `Bearer ${token}`, traceparent: caller.traceparent });
      expect(invalid.body.errors![0].extensions).toMatchObject({ code: "GRAPHQL_VALIDATION_FAILED", requestId: invalid.requestId, traceId: caller.traceId });
      const notJson = await post("{ not json", { traceparent: caller.traceparent });
      expect(notJson.body.errors![0].extensions).toMatchObject({ code: "BAD_REQUEST", requestId: notJson.requestId, traceId: caller.traceId });
      const lines = written.flatMap((chunk) => chunk.split("\n")).filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
      for (const requestId of [invalid.requestId, notJson.requestId]) {
        const own = lines.filter((line) => line.requestId === requestId);
        expect(own.length).toBeGreaterThan(0);
        expect(own.map((line) => line.traceId)).toEqual(own.map(() => caller.traceId));
      }
    } finally {
      spy.mockRestore();
    }
  });

  it("link a job's run to the request that enqueued it", async () => {
    const org = uniqueOrg();
    const caller = callerTrace();
    const headers = { authorization: `Bearer ${await t.token(org)}`, traceparent: caller.traceparent };
    const created = await post(JSON.stringify({ query: `mutation { createSchedule(input: { name: "Linked" }) { id } }` }), headers);
    const exported = await post(JSON.stringify({ query: `mutation Export($id: ID!) { exportSchedule(id: $id, fileName: "linked.xml") { id } }`, variables: { id: created.body.data.createSchedule.id } }), headers);
    const jobId = exported.body.data.exportSchedule.id as string;
    await waitForStatus(t.client(await t.token(org)), jobId, ["SUCCEEDED"]);
    const [enqueuing] = await spansWhere((span) => span.traceId === caller.traceId && span.name === "mutation Export", (found) => found.length === 1);
    const [run] = await spansWhere((span) => span.kind === CONSUMER && span.attributes["playout.job.id"] === Number(jobId), (found) => found.length === 1);
    expect(run).toMatchObject({ name: "job TIMELINE_EPG_XML_EXPORT", parentSpanId: undefined });
    expect(run.traceId).not.toBe(caller.traceId);
    expect(run.links).toEqual([{ traceId: caller.traceId, spanId: enqueuing.spanId, attributes: { "playout.link": "enqueued_by" } }]);
    expect(run.attributes).toMatchObject({ "playout.job.type": "TIMELINE_EPG_XML_EXPORT", "playout.job.attempt": 1, "playout.job.outcome": "succeeded" });
    const statements = await spansWhere((span) => span.traceId === run.traceId && span.kind === CLIENT, (found) => found.length > 2);
    expect(statements.every((span) => span.parentSpanId === run.spanId)).toBe(true);
    expect(statements.map((span) => span.name)).toContain("schedules/store/exports.eventsInAirOrder");
  });
});
