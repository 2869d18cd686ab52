// The public surface of the schedule aggregate: what other slices may use, by name (lint:
// eslint.config.js "boundaries"). Everything else of src/schedules/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// Services (wired by the composition root) and the GraphQL shapes of a schedule.
export { ScheduleService } from "./service.js";
export { ArchiveService } from "./archive.js";
export { ScheduleOpsService } from "./copy-shift-transpose.js";
export { Schedule, ScheduleInput, type EventsFold, type ScheduleColumnFold, type FoldedColumn } from "./types.js";
export { toSchedule } from "./mapper.js";

// The units of work: every write of a schedule row (editSchedule), every change of a schedule's
// events or of a draft (editScheduleEvents, inside it), and the hooks that hear them.
export { editSchedule, editScheduleIn, type ScheduleWork } from "./edit-schedule.js";
export { editScheduleEvents, editScheduleEventsIn, outcome, ownerViewer, type Outcome, type EventsEdit, type EventsEditTarget, type Transactor } from "./edit-events.js";
export { onScheduleChange, type ScheduleChangeHook } from "./change-hooks.js";
export { draftTarget, scheduleTarget, targetKey, type EventTarget } from "./target.js";

// A schedule read for the caller, and its rules: frame rate, local clock, marks, archive state.
export { countSchedules, findSchedule, scheduleEventCount, scheduleRowById } from "./service.js";
export { scheduleFields } from "./rules.js";
export { createFrameRateLoader, frameRateOf } from "./frame-rate.js";
export { broadcastDayRange, clockOfSchedule, createLocalClockLoader, localClockOf } from "./local-clock.js";
export { markedMessage, requireCriterion } from "./mark-rules.js";
export { completeArchive, moveArchiveStatus, scheduleIdsIn } from "./archive.js";

// The rows and values of the aggregate, each defined once, and the event filter.
export type { ChangeSetRow, EventRow, EventValues, ScheduleRow } from "./store/tables.js";
export type { StoredValues, ValuesRead } from "./store/rows.js";
export { EVENT_DERIVING_COLUMNS } from "./store/tables.js";
export { filterKey, type EventFilter } from "./store/criteria.js";

// Writes of a target's events: each takes the transaction and target of an edit (editScheduleEvents).
export { appendEvents, deleteAllEvents, deleteEventIds, deleteEventsStartingIn, insertEvents, moveEvents, retimeEvents, updateEvents, keepTiming, type EventUpdate } from "./store/writes.js";
export { markEpg, markScte, updateMatching } from "./store/marks.js";
export { replaceInEvents, replacedValues, syncTitles, type ReplacedEvent } from "./store/catalog.js";
export { conflictingEvents, copyIntoDraft, mergeDraft } from "./store/drafts.js";
export { changeSetRow, visibleChangeSetRows, deleteChangeSet, insertChangeSet, markApplied } from "./store/change-sets.js";
export { writeRevertedEvents, writeRevertedScheduleColumns } from "./store/revert.js";
export { createHiddenSchedule, markImportAlive, revealImported, type HiddenScheduleValues } from "./store/imports.js";
export { removeHiddenSchedule, REMOVE_CHUNK } from "./imports.js";

// Reads of a target's events for the event mutations and pages (src/events/, src/changesets/).
export { countEvents, lastEnd, loadEventsById, loadEventValuesById, loadTimings, loadTimingsById, loadTimingsFrom, loadSegmentsFrom, lockedGaps, requireEventIds, type TimingRow } from "./store/timings.js";
export { positionAt, targetPageRows, targetsPageRows, type PagedRow } from "./store/pages.js";
export { jsonPagesDocuments, type EventColumns, type FoldedPageColumns, type JsonAssetPlan, type JsonAssets, type JsonReadPlan } from "./store/json-pages.js";
export { addedEvents, changedDraftEvents, removedEvents, scheduleVersionsOfChanged } from "./store/drafts.js";

// One named read per need of another slice: history, checks, exports, as-run.
export { currentEvents, currentTimings, liveEventIds, lockedOnAir, scheduleColumns, untouchedEvents } from "./store/history.js";
export { eventRowOf, isUnreadValue, scheduleRowOf, storedEventRowOf } from "./store/rows.js";
export { eventRowsById, loadCheckedEvents, type CheckedEventRow } from "./store/validation.js";
export { channelRuns, knownChannels, type ChannelRun } from "./store/rights.js";
export { eventRowsAround } from "./store/lookups.js";
export { assetRowsUsed } from "./store/catalog.js";
export { eventsSummaryRows, missingAssetPages, programmePage, type EventsSummaryRow, type InstantRange } from "./store/summaries.js";
export { eventsInAirOrder } from "./store/exports.js";
export { eventIdsOfSchedule, plannedEvents, unnamedReferences, type EventReference, type PlannedEventRow } from "./store/reconciliation.js";
