// The Templates area of GraphiQL's Examples panel: collections, templates, a generation into the
// examples' scratch schedule, and the review of its draft (docs/TEMPLATES.md). Writes go only to
// records of the examples' own (their names say so) and to the scratch schedule's drafts.
import type { Example } from "./example-types.js";
import { EXAMPLE_SCHEDULE_MARK } from "./example-variables.js";

export const TEMPLATE_EXAMPLES: Example[] = [
  {
    area: "Templates",
    title: "List collections and templates",
    description: "Your organization's asset collections (ordered pools of catalog assets) and schedule templates (a week of slots).",
    read: true,
    query: `query CollectionsAndTemplates {
  assetCollections(size: 20) {
    totalElements
    content { id name kind version items { position mediaId asset { name metadata { durationInMilliseconds } } } }
  }
  scheduleTemplates(size: 20) {
    totalElements
    content { id name timeZone broadcastDayStart version slots { id days start anchor source collectionId order items durationMs overrun } }
  }
}`,
  },
  {
    area: "Templates",
    title: "Create a collection",
    description: `An ordered pool of assets of one kind (PROGRAMMES, FILLER, PROMOS, ADVERTISEMENTS) by media id; each item's length is its asset's. (Its name says "${EXAMPLE_SCHEDULE_MARK}".)`,
    query: `mutation CreateCollection($input: AssetCollectionInput!) {
  createAssetCollection(input: $input) {
    id
    name
    kind
    version
    items { position mediaId asset { name } }
  }
}`,
    variables: { input: { name: `${EXAMPLE_SCHEDULE_MARK} promos`, kind: "PROMOS", mediaIds: ["PROMO-0001", "PROMO-0002", "PROMO-0003"] } },
  },
  {
    area: "Templates",
    title: "Generate days from a template (starts a job)",
    description:
      "Two broadcast days of the examples' template generated into a new change set of the scratch schedule (never its live events): the job's entityId is the change set. Poll the job, then review the draft.",
    query: `mutation GenerateSchedule($input: GenerateScheduleInput!) {
  generateSchedule(input: $input) {
    id
    type
    status
    progress
    entityId
  }
}`,
    variables: { input: { templateId: "{{template.id}}", scheduleId: "{{scratch.id}}", from: "{{schedule.broadcastDate}}", days: 2, seed: 0 } },
  },
  {
    area: "Templates",
    title: "Review a draft before applying it",
    description: "The newest change set of the scratch schedule: what it adds and changes against the live schedule, and its validation (gaps, overlaps, breaks, assets).",
    query: `query ReviewDraft($id: ID!) {
  changeSet(id: $id) {
    id
    version
    diff { changedCount added { onAirTime duration eventType title } removed { id title } }
    validation(fullList: false) { valid totals { events gaps overlaps breakIssues missingAssets } }
  }
}`,
    variables: { id: "{{changeSet.id}}" },
  },
];
