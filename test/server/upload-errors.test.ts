// A malformed multipart request is the caller's error (src/server/http/upload-body.ts): a malformed part
// header, a control character in a file or field name, a missing or malformed `operations` or
// `map`, a map naming a part that is not there, a form cut short, too many files, a file or field
// over its limit: each answers JSON {errors:[{message, extensions:{code, requestId}}]} with HTTP 400
// BAD_REQUEST (413 PAYLOAD_TOO_LARGE with `limit` for the sizes), logged at warn, never at error.
import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { controlCharacterOf, refuseNames } from "../../src/server/http/upload-body.js";
import { uniqueOrg, useOwnTestService } from "../helpers/service.js";

const MAX_UPLOAD_BYTES = 4096;
const t = useOwnTestService({ maxUploadBytes: MAX_UPLOAD_BYTES, logLevel: "info" });

const IMPORT = 'mutation($file: Upload!) { importSchedule(file: $file, scriptId: "csv") { name } }';
const OPERATIONS = JSON.stringify({ query: IMPORT, variables: { file: null } });
const MAP = JSON.stringify({ 0: ["variables.file"] });
const CSV = "onAirTime,duration,title\n2026-01-01T00:00:00Z,1000,a";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The log lines the service wrote while answering. */
  logs: { level: string; msg: string; requestId?: string; code?: string; limit?: string }[];
}

/** Every line the service logs on stdout, kept while a test file runs (and not printed). */
const logged: string[] = [];
beforeAll(() => {
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array) => {
    logged.push(String(chunk));
    return true;
  }) as typeof process.stdout.write);
});
afterAll(() => vi.restoreAllMocks());

let requests = 0;

/** A raw POST /graphql with a multipart body (a Buffer: bytes that no client library would send). */
async function post(body: Buffer | string, options: { token?: string; boundary?: string; contentType?: string } = {}): Promise<Answer> {
  const { port } = new URL(t.url);
  const requestId = `upload-errors-${++requests}`;
  const headers: Record<string, string | number> = {
    "content-type": options.contentType ?? `multipart/form-data; boundary=${options.boundary ?? "XYZ"}`,
    "apollo-require-preflight": "true",
    "x-request-id": requestId,
    "content-length": Buffer.byteLength(body),
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const from = logged.length;
  const answer = await new Promise<Omit<Answer, "logs">>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/graphql", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    request.on("error", reject);
    request.end(body);
  });
  // The request's log lines are written by the time its answer is (let the event loop turn once).
  await new Promise((resolve) => setTimeout(resolve, 20));
  const logs = logged.slice(from).join("").split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
  return { ...answer, logs };
}

/** A multipart body of parts, each a header block and a content. */
function form(parts: { headers: (string | Buffer)[]; content: string | Buffer }[], options: { end?: boolean } = {}): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from("--XYZ\r\n"));
    for (const header of part.headers) pieces.push(Buffer.from(header), Buffer.from("\r\n"));
    pieces.push(Buffer.from("\r\n"), Buffer.from(part.content), Buffer.from("\r\n"));
  }
  if (options.end !== false) pieces.push(Buffer.from("--XYZ--\r\n"));
  return Buffer.concat(pieces);
}

const field = (name: string, value: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], content: value });
const file = (content: string | Buffer = CSV, disposition: string | Buffer = 'form-data; name="0"; filename="day.csv"') => ({
  headers: [Buffer.concat([Buffer.from("Content-Disposition: "), Buffer.from(disposition)]), "Content-Type: text/csv"],
  content,
});

async function editor(): Promise<string> {
  return t.token(uniqueOrg("upload"), "editor");
}

/**
 * The answer is the caller's error: the status and code, JSON with the request id, no stack, a
 * warn line naming it, and no error-level line.
 */
function expectRefused(answer: Answer, status: number, code: string, limit?: string): { message: string; extensions: Record<string, unknown> } {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/application\/(graphql-response\+)?json/);
  expect(answer.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|INTERNAL_SERVER_ERROR/);
  const body = JSON.parse(answer.text);
  expect(body.errors).toHaveLength(1);
  const [error] = body.errors;
  expect(error.extensions.code).toBe(code);
  expect(error.extensions.requestId).toBe(answer.headers["x-request-id"]);
  expect(error.extensions.http).toBeUndefined();
  if (limit) expect(error.extensions.limit).toBe(limit);
  expect(answer.logs.filter((l) => l.level === "error"), JSON.stringify(answer.logs)).toEqual([]);
  expect(answer.logs.some((l) => l.level === "warn" && l.requestId === answer.headers["x-request-id"] && l.code === code), JSON.stringify(answer.logs)).toBe(true);
  return error;
}

describe("names", () => {
  it("refuses every C0 control character and U+007F, tab included", () => {
    for (let code = 0; code < 0x20; code++) expect(controlCharacterOf(`a${String.fromCharCode(code)}b`)).toBe(`U+${code.toString(16).toUpperCase().padStart(4, "0")} at position 1`);
    expect(controlCharacterOf("a\u007fb")).toBe("U+007F at position 1");
    expect(controlCharacterOf("é ü-日本.csv")).toBeNull();
    expect(refuseNames("0", "evil\u0000.csv")?.message).toMatch(/U\+0000 at position 4/);
    expect(refuseNames("op\u0001erations")?.code).toBe("BAD_REQUEST");
    expect(refuseNames("0", "fine name.csv")).toBeNull();
  });
});

describe("multipart requests the spec does not describe", () => {
  it("a NUL in a file name (a malformed part header)", async () => {
    const answer = await post(form([field("operations", OPERATIONS), field("map", MAP), file(CSV, Buffer.from('form-data; name="0"; filename="evil\0.csv"'))]), { token: await editor() });
    expect(expectRefused(answer, 400, "BAD_REQUEST").message).toMatch(/malformed/i);
  });

  it("a malformed part header of the operations field", async () => {
    const answer = await post(form([{ headers: ["Content-Disposition form-data"], content: OPERATIONS }, field("map", MAP), file()]), { token: await editor() });
    expectRefused(answer, 400, "BAD_REQUEST");
  });

  it("control characters in a file name given as filename* (RFC 5987)", async () => {
    const token = await editor();
    for (const escaped of ["%00", "%01", "%09", "%0A", "%1F", "%7F"]) {
      const answer = await post(form([field("operations", OPERATIONS), field("map", MAP), file(CSV, `form-data; name="0"; filename*=UTF-8''evil${escaped}.csv`)]), { token });
      expect(expectRefused(answer, 400, "BAD_REQUEST").message).toMatch(new RegExp(`control character U\\+00${escaped.slice(1)} at position 4`));
    }
    // The same header without the control character is a file like any other.
    const fine = await post(form([field("operations", OPERATIONS), field("map", MAP), file(CSV, `form-data; name="0"; filename*=UTF-8''%C3%A9t%C3%A9.csv`)]), { token });
    expect(JSON.parse(fine.text)).toEqual({ data: { importSchedule: { name: "été" } } });
  });

  it("a control character in a field name", async () => {
    const answer = await post(form([{ headers: [Buffer.from('Content-Disposition: form-data; name="oper\x01ations"')], content: OPERATIONS }, field("map", MAP), file()]), { token: await editor() });
    expectRefused(answer, 400, "BAD_REQUEST");
  });

  it("a missing or malformed operations field", async () => {
    const token = await editor();
    const cases: [string, Buffer][] = [
      ["no operations", form([field("map", MAP), file()])],
      ["operations not JSON", form([field("operations", "{not json"), field("map", MAP), file()])],
      ["operations not an object", form([field("operations", "42"), field("map", MAP), file()])],
      ["nothing but a file", form([file()])],
      ["an empty form", Buffer.from("--XYZ--\r\n")],
    ];
    for (const [what, body] of cases) {
      const error = expectRefused(await post(body, { token }), 400, "BAD_REQUEST");
      expect(error.message, what).not.toMatch(/github\.com/);
    }
  });

  it("a missing or malformed map field", async () => {
    const token = await editor();
    const cases: [string, Buffer][] = [
      ["no map", form([field("operations", OPERATIONS), file()])],
      ["no map and no file", form([field("operations", OPERATIONS)])],
      ["map not JSON", form([field("operations", OPERATIONS), field("map", "{0:"), file()])],
      ["map an array", form([field("operations", OPERATIONS), field("map", "[]"), file()])],
      ["a map entry not an array", form([field("operations", OPERATIONS), field("map", '{"0":"variables.file"}'), file()])],
      ["a map path not a string", form([field("operations", OPERATIONS), field("map", '{"0":[1]}'), file()])],
      ["map before operations", form([field("map", MAP), field("operations", OPERATIONS), file()])],
    ];
    for (const [what, body] of cases) expect(expectRefused(await post(body, { token }), 400, "BAD_REQUEST").message, what).toBeTruthy();
  });

  it("a map naming a part that is not there", async () => {
    const answer = await post(form([field("operations", OPERATIONS), field("map", JSON.stringify({ 1: ["variables.file"] })), file()]), { token: await editor() });
    expect(expectRefused(answer, 400, "BAD_REQUEST").message).toMatch(/map names a file part that the request does not hold/);
  });

  it("a form cut short, before its file and inside it", async () => {
    const token = await editor();
    const before = await post(form([field("operations", OPERATIONS), field("map", MAP)], { end: false }), { token });
    expectRefused(before, 400, "BAD_REQUEST");
    const header = form([field("operations", OPERATIONS), field("map", MAP)], { end: false });
    const inside = await post(Buffer.concat([header, Buffer.from('--XYZ\r\nContent-Disposition: form-data; name="0"; filename="day.csv"\r\n\r\n' + CSV)]), { token });
    expectRefused(inside, 400, "BAD_REQUEST");
    const inHeader = await post(Buffer.concat([header, Buffer.from('--XYZ\r\nContent-Disposition: form-da')]), { token });
    expectRefused(inHeader, 400, "BAD_REQUEST");
  });

  it("too many files: in the map, or a part after the file", async () => {
    const token = await editor();
    const operations = JSON.stringify({ query: IMPORT, variables: { file: null, other: null } });
    const twoInMap = await post(form([field("operations", operations), field("map", JSON.stringify({ 0: ["variables.file"], 1: ["variables.other"] })), file(), file(CSV, 'form-data; name="1"; filename="b.csv"')]), { token });
    expect(expectRefused(twoInMap, 400, "BAD_REQUEST").message).toMatch(/at most 1 file/);
    const org = uniqueOrg("upload");
    const orgToken = await t.token(org, "editor");
    const partAfter = await post(form([field("operations", OPERATIONS), field("map", MAP), file(), file(CSV, 'form-data; name="1"; filename="b.csv"')]), { token: orgToken });
    expect(expectRefused(partAfter, 400, "BAD_REQUEST").message).toMatch(/at most 1 file/);
    // The import that read the first file kept nothing.
    expect((await t.client(orgToken).data("{ schedules { totalElements } }")).schedules.totalElements).toBe(0);
  });

  it("a field besides operations and map", async () => {
    const answer = await post(form([field("operations", OPERATIONS), field("map", MAP), field("extra", "x"), file()]), { token: await editor() });
    expectRefused(answer, 400, "BAD_REQUEST");
  });

  it("a malformed part after the file: the import that read it keeps nothing", async () => {
    const org = uniqueOrg("upload");
    const token = await t.token(org, "editor");
    const body = Buffer.concat([form([field("operations", OPERATIONS), field("map", MAP), file()], { end: false }), Buffer.from("--XYZ\r\nContent-Disposition\0 broken\r\n\r\nx\r\n--XYZ--\r\n")]);
    expectRefused(await post(body, { token }), 400, "BAD_REQUEST");
    expect((await t.client(token).data("{ schedules { totalElements } }")).schedules.totalElements).toBe(0);
  });

  it("a body that is not multipart/form-data at all", async () => {
    const token = await editor();
    expectRefused(await post("garbage without boundaries", { token }), 400, "BAD_REQUEST");
    expectRefused(await post(form([field("operations", OPERATIONS)]), { token, contentType: "multipart/form-data" }), 400, "BAD_REQUEST");
    expectRefused(await post(form([field("operations", OPERATIONS)]), { token, contentType: "multipart/mixed; boundary=XYZ" }), 400, "BAD_REQUEST");
  });
});

describe("sizes", () => {
  it("a file over MAX_UPLOAD_BYTES answers 413 PAYLOAD_TOO_LARGE naming the limit", async () => {
    const answer = await post(form([field("operations", OPERATIONS), field("map", MAP), file("x".repeat(MAX_UPLOAD_BYTES * 3))]), { token: await editor() });
    expect(expectRefused(answer, 413, "PAYLOAD_TOO_LARGE", "MAX_UPLOAD_BYTES").message).toMatch(new RegExp(`${MAX_UPLOAD_BYTES} bytes`));
  });

  it("an operations field over its size answers 413 PAYLOAD_TOO_LARGE naming the limit", async () => {
    const operations = JSON.stringify({ query: IMPORT, variables: { file: null, pad: "x".repeat(1_100_000) } });
    const answer = await post(form([field("operations", operations), field("map", MAP), file()]), { token: await editor() });
    expectRefused(answer, 413, "PAYLOAD_TOO_LARGE", "1000000 bytes a multipart field");
  });
});

describe("what works still works", () => {
  it("a good upload, and one through the async import", async () => {
    const token = await editor();
    const good = await post(form([field("operations", OPERATIONS), field("map", MAP), file()]), { token });
    expect(JSON.parse(good.text)).toEqual({ data: { importSchedule: { name: "day" } } });
    expect(good.logs.filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
    const async = JSON.stringify({ query: "mutation($file: Upload!) { importScheduleAsync(file: $file) { status } }", variables: { file: null } });
    const queued = await post(form([field("operations", async), field("map", MAP), file()]), { token });
    expect(JSON.parse(queued.text)).toEqual({ data: { importScheduleAsync: { status: "PENDING" } } });
  });

  it("a file of exactly MAX_UPLOAD_BYTES", async () => {
    const content = (CSV + "\n" + "2026-01-01T00:00:01Z,1000,b\n".repeat(200)).slice(0, MAX_UPLOAD_BYTES);
    const exact = content.slice(0, content.lastIndexOf("\n") + 1).padEnd(MAX_UPLOAD_BYTES, "\n");
    const answer = await post(form([field("operations", OPERATIONS), field("map", MAP), file(exact)]), { token: await editor() });
    expect(JSON.parse(answer.text).data?.importSchedule?.name, answer.text).toBe("day");
  });

  it("a query without a token reads no file and answers as before", async () => {
    const answer = await post(form([field("operations", OPERATIONS), field("map", MAP), file()]));
    expect(JSON.parse(answer.text).errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("random bytes in the names of the parts", () => {
  /** Bytes that matter to a header: controls, quotes, backslash, semicolons, '%', bytes above 0x7F. */
  const nasty = fc.oneof(
    fc.integer({ min: 0, max: 0x1f }),
    fc.constantFrom(0x22, 0x25, 0x27, 0x3b, 0x3d, 0x5c, 0x7f, 0x80, 0x9f, 0xc3, 0xff),
    fc.integer({ min: 0x20, max: 0xff }),
  );
  const bytes = fc.array(nasty, { minLength: 1, maxLength: 6 }).map((list) => Buffer.from(list));
  /** Where the bytes go: raw into a quoted name, or percent-escaped into filename*. */
  const where = fc.constantFrom("file name", "file name*", "file field name", "operations field name", "map field name");

  it("never answer 5xx nor INTERNAL_SERVER_ERROR, nor log at error", async () => {
    const token = await editor();
    await fc.assert(
      fc.asyncProperty(where, bytes, fc.nat({ max: 8 }), async (place, inserted, at) => {
        const into = (text: string) => Buffer.concat([Buffer.from(text.slice(0, at % (text.length + 1))), inserted, Buffer.from(text.slice(at % (text.length + 1)))]);
        const percent = (b: Buffer) => [...b].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
        const disposition = (name: string | Buffer) => Buffer.concat([Buffer.from('form-data; name="'), Buffer.from(name), Buffer.from('"')]);
        const parts = [
          { headers: [Buffer.concat([Buffer.from("Content-Disposition: "), disposition(place === "operations field name" ? into("operations") : "operations")])], content: OPERATIONS },
          { headers: [Buffer.concat([Buffer.from("Content-Disposition: "), disposition(place === "map field name" ? into("map") : "map")])], content: MAP },
          file(
            CSV,
            Buffer.concat([
              disposition(place === "file field name" ? into("0") : "0"),
              place === "file name*"
                ? Buffer.from(`; filename*=UTF-8''day${percent(inserted)}.csv`)
                : Buffer.concat([Buffer.from('; filename="'), place === "file name" ? into("day.csv") : Buffer.from("day.csv"), Buffer.from('"')]),
            ]),
          ),
        ];
        const answer = await post(form(parts), { token });
        expect(answer.status, answer.text).toBeLessThan(500);
        expect(answer.text).not.toMatch(/INTERNAL_SERVER_ERROR/);
        const body = JSON.parse(answer.text);
        if (body.errors) {
          expect(body.errors[0].extensions.requestId).toBe(answer.headers["x-request-id"]);
          expect(answer.status).toBeGreaterThanOrEqual(400);
        }
        expect(answer.logs.filter((l) => l.level === "error"), JSON.stringify(answer.logs)).toEqual([]);
        // A name with a control character in it never becomes a schedule's name.
        if (body.data?.importSchedule) expect(controlCharacterOf(body.data.importSchedule.name)).toBeNull();
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe("callers", () => {
  it("refuses an upload without a valid token before reading it: 401 UNAUTHENTICATED, no token or a bad one", async () => {
    const body = form([field("operations", OPERATIONS), field("map", MAP), file()]);
    for (const token of [undefined, "not.a.token"]) {
      const answer = await post(body, { token });
      expect(answer.status, answer.text).toBe(401);
      expect(answer.headers["www-authenticate"]).toBe("Bearer");
      expect(JSON.parse(answer.text).errors[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", requestId: answer.headers["x-request-id"] });
      expect(answer.logs.filter((l) => l.level === "error" || l.level === "warn"), JSON.stringify(answer.logs)).toEqual([]);
    }
  });
});

describe("callers, through a client library", () => {
  it("answers an upload without a token 401 to fetch, which is still sending its body", async () => {
    const form = new FormData();
    form.set("operations", OPERATIONS);
    form.set("map", MAP);
    form.set("0", new Blob(["x".repeat(200_000)]), "day.csv");
    const response = await fetch(t.url + "/graphql", { method: "POST", headers: { "apollo-require-preflight": "true" }, body: form });
    expect(response.status).toBe(401);
    expect(((await response.json()) as any).errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});
