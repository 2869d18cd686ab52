// The shared argument classes (src/common/graphql-args.ts) must not reorder a field's arguments:
// schema.graphql is printed sorted and cannot show it, but introspection (and so GraphiQL and
// generated clients) lists arguments as the schema holds them. The orders below are those the
// fields served when every argument was a single @Arg().
import { describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";

const SERVED: Record<string, string> = {
  "Query.schedule": "organization, id",
  "Query.changeSet": "organization, id",
  "Mutation.createEvent": "organization, changeSetId, input, scheduleId",
  "Mutation.updateEvents": "organization, changeSetId, events, version, scheduleId",
  "Mutation.deleteEvents": "organization, changeSetId, ids, scheduleId",
  "Mutation.rippleSchedule": "organization, fixAll, fromEventId, version, scheduleId",
  "Mutation.bulkEditEvents": "organization, changeSetId, input, version, scheduleId",
  "Mutation.markEpgEvents": "organization, changeSetId, criteria, scheduleId",
  "Mutation.updateEventsByCriteria": "organization, changeSetId, secondaryEvents, scte35Signals, programme, replacementType, ids, criteria, scheduleId",
  "Mutation.replaceAsset": "organization, replacement, version, assetId, scheduleId",
  "Mutation.syncEventTitles": "organization, eventIds, scheduleId",
  "Mutation.updateSchedule": "organization, input, id",
  "Mutation.copySchedule": "organization, wallClock, startDate, name, id",
  "Mutation.revertSchedule": "organization, version, toVersion, scheduleId",
};

describe("argument order of the root fields", () => {
  it("is what single @Arg()s served, with the shared argument classes", async () => {
    const schema = await buildGraphQLSchema();
    const served = Object.fromEntries(
      Object.keys(SERVED).map((key) => {
        const [type, field] = key.split(".");
        const fields = type === "Query" ? schema.getQueryType()!.getFields() : schema.getMutationType()!.getFields();
        return [key, fields[field].args.map((a) => a.name).join(", ")];
      }),
    );
    expect(served).toEqual(SERVED);
  });

  it("keeps organization an optional String and changeSetId an optional ID everywhere", async () => {
    const schema = await buildGraphQLSchema();
    const roots = [schema.getQueryType()!, schema.getMutationType()!];
    const found = new Set<string>();
    for (const root of roots) {
      for (const field of Object.values(root.getFields())) {
        for (const arg of field.args) {
          if (arg.name === "changeSetId") found.add(`changeSetId: ${String(arg.type)}`);
          // The reports of reporting/ take a required organization of their own.
          if (arg.name === "organization" && String(arg.type) !== "String!") found.add(`organization: ${String(arg.type)}`);
        }
      }
    }
    expect([...found].sort()).toEqual(["changeSetId: ID", "organization: String"]);
  });
});
