// `import <file>` and `export <scheduleId>`: clients of a running service, over GraphQL and HTTP.
// Progress goes to stderr (a bar on a terminal, plain lines otherwise); the result to stdout.
import { createReadStream, createWriteStream, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import type { Config } from "../config.js";
import { plural } from "../common/text.js";
import type { CliIo } from "./io.js";
import { CliError, EXIT, Progress, answer, clientOf, graphql, graphqlPatiently, guarded, requireOneOrganization, send, type Client } from "./remote.js";

export { EXIT_HELP, IMPORT_HELP, EXPORT_HELP } from "./help.js";
import { IMPORT_HELP, EXPORT_HELP } from "./help.js";
import { IMPORT_OPTIONS, EXPORT_OPTIONS } from "./options.js";

const IMPORT_FORMATS = ["csv", "json", "xmltv", "bxf"];
const EXPORT_FORMATS = ["xmltv", "json", "bxf"];

/**
 * Polls the job until it is final, showing its progress; answers it when SUCCEEDED, after writing
 * its warnings to stderr. A service that restarts meanwhile is asked again: the job goes on.
 */
export async function waitForJob(client: Client, id: string, progress: Progress, label: string, stderr: CliIo["stderr"]): Promise<any> {
  for (;;) {
    const { job } = await graphqlPatiently(client, `query($id: ID!) { job(id: $id) { id status progress entityId resourceLink fileName messages { type message } } }`, { id }, stderr);
    if (!job) throw new CliError(`Job ${id} is no longer visible`, EXIT.failed);
    progress.show(label, job.progress ?? 0);
    if (job.status === "SUCCEEDED") {
      progress.done();
      for (const m of job.messages) if (m.type === "WARNING") stderr.write(`warning: ${m.message}\n`);
      return job;
    }
    if (job.status === "FAILED" || job.status === "CANCELED") {
      progress.done();
      const reason = job.messages.filter((m: any) => m.type === "ERROR").map((m: any) => m.message).join("; ");
      throw new CliError(`Job ${id} ${job.status}${reason ? `: ${reason}` : ""}`, EXIT.failed);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Writes a finished job's file to `out` (its path printed; relative to io.cwd), or to standard output for "-". */
export async function downloadJobFile(client: Client, job: { resourceLink: string }, out: string, io: CliIo): Promise<void> {
  const response = await send(client, job.resourceLink, { method: "GET" });
  if (!response.ok || !response.body) throw new CliError(`Download of ${job.resourceLink} answered HTTP ${response.status}`, EXIT.failed);
  const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (out === "-") await pipeline(source, io.stdout, { end: false });
  else {
    await pipeline(source, createWriteStream(resolve(io.cwd, out)));
    io.stdout.write(`${out}\n`);
  }
}

/** The multipart body of one file upload, streamed from disk with upload progress, under `fileName` (default: the file's own name). */
export function multipart(query: string, variables: Record<string, unknown>, path: string, onBytes: (sent: number) => void, fileName = basename(path)): { body: Readable; type: string } {
  const boundary = `----playout-gateway-${Date.now().toString(16)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field("operations", JSON.stringify({ query, variables: { ...variables, file: null } })) +
    field("map", JSON.stringify({ 0: ["variables.file"] })) +
    `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="${fileName.replace(/"/g, "")}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  async function* parts(): AsyncGenerator<Buffer | string> {
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(path)) {
      sent += (chunk as Buffer).length;
      onBytes(sent);
      yield chunk as Buffer;
    }
    yield `\r\n--${boundary}--\r\n`;
  }
  return { body: Readable.from(parts()), type: `multipart/form-data; boundary=${boundary}` };
}

export async function importCommand(args: string[], config: Config, io: CliIo): Promise<number> {
  const { stdout, stderr } = io;
  return guarded(stderr, async () => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: IMPORT_OPTIONS,
    });
    if (positionals.length !== 1) throw new CliError(`import: name one file\nUsage: playout-gateway ${IMPORT_HELP}`, EXIT.usage);
    const [path] = positionals;
    const file = resolve(io.cwd, path);
    let size: number;
    try {
      size = statSync(file).size;
    } catch {
      throw new CliError(`import: cannot read ${path}`, EXIT.usage);
    }
    const fps = values.fps === undefined ? undefined : Number(values.fps);
    if (fps !== undefined && !(fps > 0)) throw new CliError("import: --fps must be a positive number", EXIT.usage);
    const format = values.format?.toLowerCase();
    if (format !== undefined && !IMPORT_FORMATS.includes(format)) throw new CliError(`import: --format must be ${IMPORT_FORMATS.join(", ")} (got ${values.format})`, EXIT.usage);
    if (values.name !== undefined && values.name.trim() === "") throw new CliError("import: --name must not be empty", EXIT.usage);
    const client = await clientOf(values, config);
    requireOneOrganization("import", values, config);
    const progress = new Progress(values.quiet!, io.stderr);
    // The name: --name, else the one the file carries (JSON schedule.name, XMLTV display-name), else the file's.
    const variables = { fileName: values.name, fps, scriptId: format, channel: values.channel, organization: values.org, timeZone: values["time-zone"], broadcastDayStart: values["day-start"] };
    const mutation = values.sync ? "importSchedule" : "importScheduleAsync";
    const selection = values.sync ? "id name" : "id";
    const query = `mutation($file: Upload!, $fileName: String, $fps: Float, $scriptId: String, $channel: String, $organization: String, $timeZone: String, $broadcastDayStart: String) {
      ${mutation}(file: $file, fileName: $fileName, fps: $fps, scriptId: $scriptId, channel: $channel, organization: $organization, timeZone: $timeZone, broadcastDayStart: $broadcastDayStart) { ${selection} } }`;
    const { body, type } = multipart(query, variables, file, (sent) => progress.show("uploading", size ? (sent / size) * 100 : 100), basename(path));
    const data = await answer(
      await send(client, "/graphql", { method: "POST", headers: { "content-type": type, "apollo-require-preflight": "true" }, body: Readable.toWeb(body) as ReadableStream, duplex: "half" }),
    );
    progress.done();
    let scheduleId: string;
    if (values.sync) scheduleId = data.importSchedule.id;
    else scheduleId = (await waitForJob(client, data.importScheduleAsync.id, progress, "importing", stderr)).entityId;
    const { schedule } = await graphqlPatiently(client, `query($id: ID!, $organization: String) { schedule(id: $id, organization: $organization) { id name events(size: 1) { totalElements } } }`, {
      id: scheduleId,
      organization: values.org,
    }, stderr);
    stdout.write(`${schedule.id}\t${schedule.name}\t${plural(schedule.events.totalElements, "event")}\n`);
    return EXIT.ok;
  });
}

export async function exportCommand(args: string[], config: Config, io: CliIo): Promise<number> {
  return guarded(io.stderr, async () => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: EXPORT_OPTIONS,
    });
    if (positionals.length !== 1) throw new CliError(`export: name one schedule id\nUsage: playout-gateway ${EXPORT_HELP}`, EXIT.usage);
    if (!EXPORT_FORMATS.includes(values.format!.toLowerCase())) throw new CliError(`export: --format must be ${EXPORT_FORMATS.join(" or ")} (got ${values.format})`, EXIT.usage);
    const format = values.format!.toUpperCase();
    const bxfVersion = values["bxf-version"];
    if (bxfVersion !== undefined && bxfVersion !== "2017" && bxfVersion !== "2008") throw new CliError(`export: --bxf-version must be 2017 or 2008 (got ${bxfVersion})`, EXIT.usage);
    if (bxfVersion !== undefined && format !== "BXF") throw new CliError("export: --bxf-version goes with --format bxf", EXIT.usage);
    const [id] = positionals;
    if (!/^[1-9]\d*$/.test(id)) throw new CliError(`export: the schedule id must be a positive whole number (got ${id})`, EXIT.usage);
    if (values.out !== undefined && values.out.trim() === "") throw new CliError("export: --out must name a file, or - for stdout", EXIT.usage);
    const out = values.out ?? `schedule-${id}.${format === "JSON" ? "json" : "xml"}`;
    const client = await clientOf(values, config);
    requireOneOrganization("export", values, config);
    const progress = new Progress(values.quiet!, io.stderr);
    const { exportSchedule } = await graphql(
      client,
      `mutation($id: ID!, $fileName: String!, $format: ExportFormat, $organization: String, $bxfVersion: BxfVersion) { exportSchedule(id: $id, fileName: $fileName, format: $format, organization: $organization, bxfVersion: $bxfVersion) { id } }`,
      { id, fileName: out === "-" ? `schedule-${id}` : basename(out), format, organization: values.org, bxfVersion: bxfVersion === undefined ? null : `V${bxfVersion}` },
    );
    await downloadJobFile(client, await waitForJob(client, exportSchedule.id, progress, "exporting", io.stderr), out, io);
    return EXIT.ok;
  });
}
