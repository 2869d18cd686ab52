// `playout-gateway generate --template ID --schedule ID --from YYYY-MM-DD --days N [--seed N]`: a
// client of a running service over GraphQL, like `import` and `export` (transfer.ts). It asks
// generateSchedule, follows the job, and prints the change set whose draft holds the days and
// what the job said (docs/TEMPLATES.md).
import { parseArgs } from "node:util";
import type { Config } from "../config.js";
import { GENERATE_HELP } from "./help.js";
import type { CliIo } from "./io.js";
import { GENERATE_OPTIONS } from "./options.js";
import { CliError, EXIT, Progress, clientOf, graphql, guarded, requireOneOrganization } from "./remote.js";
import { waitForJob } from "./transfer.js";

const positive = (what: string, text: string | undefined): string => {
  if (!text || !/^[1-9]\d*$/.test(text)) throw new CliError(`generate: ${what} must be a positive whole number (got ${text ?? "nothing"})\nUsage: playout-gateway ${GENERATE_HELP}`, EXIT.usage);
  return text;
};

export async function generateCommand(args: string[], config: Config, io: CliIo): Promise<number> {
  return guarded(io.stderr, async () => {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: GENERATE_OPTIONS });
    if (positionals.length) throw new CliError(`generate: unexpected ${positionals.join(" ")}\nUsage: playout-gateway ${GENERATE_HELP}`, EXIT.usage);
    const templateId = positive("--template", values.template);
    const scheduleId = positive("--schedule", values.schedule);
    const days = Number(positive("--days", values.days));
    if (!values.from || !/^\d{4}-\d{2}-\d{2}$/.test(values.from)) throw new CliError(`generate: --from must be a broadcast date YYYY-MM-DD (got ${values.from ?? "nothing"})`, EXIT.usage);
    const seed = values.seed === undefined ? 0 : Number(values.seed);
    if (!Number.isSafeInteger(seed)) throw new CliError(`generate: --seed must be a whole number (got ${values.seed})`, EXIT.usage);
    requireOneOrganization("generate", values, config);
    const client = await clientOf(values, config);
    const { generateSchedule } = await graphql(client, `mutation($input: GenerateScheduleInput!) { generateSchedule(input: $input) { id } }`, {
      input: { templateId, scheduleId, from: values.from, days, seed, organization: values.org },
    });
    const job = await waitForJob(client, generateSchedule.id, new Progress(values.quiet!, io.stderr), "generating", io.stderr);
    io.stdout.write(`change set ${job.entityId}\n${job.messages.map((m: { type: string; message: string }) => `${m.type} ${m.message}`).join("\n")}\n`);
    return EXIT.ok;
  });
}
