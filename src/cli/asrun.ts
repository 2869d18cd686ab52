// `playout-gateway asrun import <file.csv> --schedule ID` and `asrun export <scheduleId>`: clients
// of a running service over GraphQL, like `import` and `export` (transfer.ts). It needs nothing of
// src/asrun/ but the mutations the service exposes (importAsRun, exportAsRunReconciliation).
import { statSync } from "node:fs";
import { basename, extname, resolve } from "node:path";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import type { Config } from "../config.js";
import { ASRUN_HELP } from "./help.js";
import type { CliIo } from "./io.js";
import { ASRUN_OPTIONS } from "./options.js";
import { CliError, EXIT, Progress, answer, clientOf, graphql, guarded, requireOneOrganization, send } from "./remote.js";
import { downloadJobFile, multipart, waitForJob } from "./transfer.js";


const positiveId = (what: string, id: string | undefined): string => {
  if (!id || !/^[1-9]\d*$/.test(id)) throw new CliError(`asrun: ${what} must be a schedule id, a positive whole number (got ${id ?? "nothing"})`, EXIT.usage);
  return id;
};

export async function asRunCommand(args: string[], config: Config, io: CliIo): Promise<number> {
  return guarded(io.stderr, async () => {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: ASRUN_OPTIONS });
    const [action, target] = positionals;
    if (positionals.length !== 2 || (action !== "import" && action !== "export")) {
      throw new CliError(`asrun: say import <file> or export <scheduleId>\nUsage: playout-gateway ${ASRUN_HELP}`, EXIT.usage);
    }
    requireOneOrganization(`asrun ${action}`, values, config);
    const progress = new Progress(values.quiet!, io.stderr);
    if (action === "import") {
      const scheduleId = positiveId("--schedule", values.schedule);
      const format = values.format?.toLowerCase();
      if (format !== undefined && format !== "csv" && format !== "bxf") throw new CliError(`asrun import: --format must be csv or bxf (got ${values.format})`, EXIT.usage);
      const file = resolve(io.cwd, target);
      let size: number;
      try {
        size = statSync(file).size;
      } catch {
        throw new CliError(`asrun import: cannot read ${target}`, EXIT.usage);
      }
      const client = await clientOf(values, config, "playout");
      const query = `mutation($file: Upload!, $s: ID!, $organization: String) { importAsRun(scheduleId: $s, file: $file, organization: $organization) { id } }`;
      // The service chooses the reader by the file name's extension first: --format renames the upload.
      const name = format ? `${basename(target, extname(target)) || "as-run"}.${format}` : basename(target);
      const { body, type } = multipart(query, { s: scheduleId, organization: values.org }, file, (sent) => progress.show("uploading", size ? (sent / size) * 100 : 100), name);
      const data = await answer(
        await send(client, "/graphql", { method: "POST", headers: { "content-type": type, "apollo-require-preflight": "true" }, body: Readable.toWeb(body) as ReadableStream, duplex: "half" }),
      );
      progress.done();
      const job = await waitForJob(client, data.importAsRun.id, progress, "importing", io.stderr);
      // The job's OK message says what it stored: "Stored N as-run entries for schedule S (D duplicates, U unmatched)".
      io.stdout.write(`${job.messages.filter((m: { type: string }) => m.type === "OK").map((m: { message: string }) => m.message).join("\n")}\n`);
      return EXIT.ok;
    }
    const scheduleId = positiveId("the schedule id", target);
    const format = (values.format ?? "csv").toUpperCase();
    if (format !== "CSV" && format !== "JSON" && format !== "BXF") throw new CliError(`asrun export: --format must be csv, json or bxf (got ${values.format})`, EXIT.usage);
    const tolerance = values.tolerance === undefined ? 0 : Number(values.tolerance);
    if (!Number.isInteger(tolerance) || tolerance < 0) throw new CliError("asrun export: --tolerance must be whole ms, 0 or more", EXIT.usage);
    const out = values.out ?? `as-run-${scheduleId}.${format === "BXF" ? "xml" : format.toLowerCase()}`;
    const client = await clientOf(values, config);
    const { exportAsRunReconciliation } = await graphql(
      client,
      `mutation($s: ID!, $fileName: String!, $format: AsRunExportFormat, $from: DateTime, $to: DateTime, $tol: Int, $organization: String) {
        exportAsRunReconciliation(scheduleId: $s, fileName: $fileName, format: $format, from: $from, to: $to, toleranceMs: $tol, organization: $organization) { id } }`,
      { s: scheduleId, fileName: out === "-" ? `as-run-${scheduleId}` : basename(out), format, from: values.from, to: values.to, tol: tolerance, organization: values.org },
    );
    await downloadJobFile(client, await waitForJob(client, exportAsRunReconciliation.id, progress, "exporting", io.stderr), out, io);
    return EXIT.ok;
  });
}
