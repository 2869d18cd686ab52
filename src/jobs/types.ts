// GraphQL shapes of the jobs slice (ProcessingJob and HalJob; docs/JOBS.md).
import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Link, Message, PageMembers } from "../common/graphql-types.js";

export enum JobStatus {
  PENDING = "PENDING",
  PROCESSING = "PROCESSING",
  SUCCEEDED = "SUCCEEDED",
  FAILED = "FAILED",
  CANCELED = "CANCELED",
}
registerEnumType(JobStatus, {
  name: "JobStatus",
  description: "PENDING → PROCESSING → SUCCEEDED | FAILED; CANCELED from PENDING or PROCESSING. Nothing leaves a final state.",
});

export enum JobType {
  TIMELINE_EPG_XML_EXPORT = "TIMELINE_EPG_XML_EXPORT",
  SCHEDULE_IMPORT = "SCHEDULE_IMPORT",
  SCHEDULE_ARCHIVE = "SCHEDULE_ARCHIVE",
  SCHEDULE_RESTORE = "SCHEDULE_RESTORE",
  AS_RUN_IMPORT = "AS_RUN_IMPORT",
  AS_RUN_RECONCILIATION_EXPORT = "AS_RUN_RECONCILIATION_EXPORT",
  SCHEDULE_GENERATE = "SCHEDULE_GENERATE",
}
registerEnumType(JobType, {
  name: "JobType",
  valuesConfig: {
    TIMELINE_EPG_XML_EXPORT: { description: "exportSchedule, XMLTV or JSON" },
    SCHEDULE_IMPORT: { description: "importScheduleAsync" },
    SCHEDULE_ARCHIVE: { description: "archiveSchedule" },
    SCHEDULE_RESTORE: { description: "restoreSchedules" },
    AS_RUN_IMPORT: { description: "importAsRun: an as-run CSV (docs/ASRUN.md)" },
    AS_RUN_RECONCILIATION_EXPORT: { description: "exportAsRunReconciliation, CSV or JSON, or a BXF AsRun message" },
    SCHEDULE_GENERATE: { description: "generateSchedule: a template's broadcast days into a change set's draft (entityId: the change set)" },
  },
});

@ObjectType({ description: "Period an export covers" })
export class JobDetails {
  @Field(() => Date, { nullable: true }) endDateFrom!: Date | null;
  @Field(() => Date, { nullable: true }) startDateTo!: Date | null;
  @Field(() => Boolean, { nullable: true }) timeInMilliseconds!: boolean | null;
}

@ObjectType({ description: "Asynchronous work: poll job(id) until status is final" })
export class Job {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "A UUID, stable across systems" }) uniqueId!: string;
  @Field(() => JobType) type!: JobType;
  @Field(() => String, { description: "The type as a string" }) jobType!: string;
  @Field(() => JobStatus) status!: JobStatus;
  @Field(() => Int, { description: "0–100" }) progress!: number;
  @Field(() => ID, { nullable: true, description: "The schedule concerned; for an import, the new one" }) entityId!: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String, { nullable: true }) providerId!: string | null;
  @Field(() => String, { nullable: true, description: "Same as providerId" }) serviceProviderId!: string | null;
  @Field(() => String, { nullable: true, description: "Who started the job" }) userId!: string | null;
  @Field(() => String, { nullable: true }) accountUserId!: string | null;
  @Field(() => String, { nullable: true, description: "Name of the output file" }) fileName!: string | null;
  @Field(() => String, { nullable: true, description: "Extension of the output file (xml, json)" }) resourceExtension!: string | null;
  @Field(() => String, {
    nullable: true,
    description: "Once SUCCEEDED with a file: its URL (GET with the same bearer token; 410 FILE_EXPIRED after JOB_FILE_RETENTION_HOURS)",
  })
  resourceLink!: string | null;
  @Field(() => [Message], { description: "What the job did, warnings, and the reason of a failure" }) messages!: Message[];
  @Field(() => JobDetails, { nullable: true }) details!: JobDetails | null;
  @Field(() => Int, { description: "Claims by a worker so far (retries and take-overs included)" }) attempts!: number;
  @Field(() => Date) dateCreated!: Date;
  @Field(() => Date, { nullable: true, description: "When a worker first claimed it" }) dateStarted!: Date | null;
  @Field(() => Date, { nullable: true, description: "When it reached a final state" }) dateFinished!: Date | null;
  @Field(() => [Link], { description: "rel self (GET the job as JSON) and, once there is a file, rel download; absolute URLs" }) links!: Link[];
}

@ObjectType({ description: "Jobs the caller may see, newest first, a page at a time" })
export class JobPage extends PageMembers {
  @Field(() => [Job], { description: "This page's jobs" }) content!: Job[];
}
