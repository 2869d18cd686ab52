import GraphQLUpload from "graphql-upload/GraphQLUpload.mjs";
import type { FileUpload } from "graphql-upload/Upload.mjs";
import { Arg, Ctx, Float, ID, Mutation, Resolver, registerEnumType } from "type-graphql";
import { Job } from "../jobs/index.js";
import { Schedule } from "../schedules/index.js";
import { callerOf, type Context } from "../common/context.js";
import { ACCEPTED_FPS } from "../timecode/index.js";

export enum ExportFormat {
  XMLTV = "XMLTV",
  JSON = "JSON",
  BXF = "BXF",
}
registerEnumType(ExportFormat, {
  name: "ExportFormat",
  description: "The file exportSchedule writes",
  valuesConfig: {
    XMLTV: { description: "XMLTV listing (one channel, a programme per PRIMARY programme, UTC times); valid against the XMLTV DTD" },
    JSON: { description: "The full schedule with every event field; importSchedule reads it back (scriptId json)" },
    BXF: { description: "SMPTE ST 2021 BxfMessage with one Schedule: a ScheduledEvent per event, secondary event and SCTE-35 cue, timecodes at the schedule's rate; importSchedule reads it back (scriptId bxf)" },
  },
});

export enum BxfVersion {
  V2017 = "V2017",
  V2008 = "V2008",
}
registerEnumType(BxfVersion, {
  name: "BxfVersion",
  description: "The SMPTE ST 2021 (BXF) schema a BXF export follows, named by the year of its XML namespace",
  valuesConfig: {
    V2017: { description: "Namespace http://smpte-ra.org/schemas/2021/2017/BXF (BXF 5.0), the one SMPTE's current example messages declare" },
    V2008: { description: "Namespace http://smpte-ra.org/schemas/2021/2008/BXF (BXF 1.0), for systems that read only the first version" },
  },
});

const FORMATS = "csv, json, xmltv or bxf; guessed from the file name, else its first characters, when omitted";
const TIME_ZONE = "The new schedule's time zone, an IANA name such as Europe/London (default UTC, or the one a JSON file names); zone-less CSV and JSON times and BXF's local broadcast times are read in it";
const DAY_START = "The new schedule's broadcast day start, a local time of day HH:MM (default 00:00, or the one a JSON file names); BXF's times of day count against it";

@Resolver()
export class IoResolver {
  @Mutation(() => Schedule, { description: "A new schedule from an uploaded CSV, JSON or XMLTV file (see docs/FORMATS.md)" })
  importSchedule(
    @Ctx() ctx: Context,
    @Arg("file", () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg("fileName", () => String, { nullable: true, description: "The new schedule's name, without extension (default: the name the file carries, JSON schedule.name or the XMLTV channel's display-name, else the uploaded file's name)" }) fileName?: string,
    @Arg("fps", () => Float, { nullable: true, description: `Frames a second of the new schedule (default 25): ${ACCEPTED_FPS}; CSV timecodes count frames at it` }) fps?: number,
    @Arg("scriptId", () => String, { nullable: true, description: FORMATS }) scriptId?: string,
    @Arg("channel", () => String, { nullable: true, description: "The new schedule's channel; for XMLTV also the channel imported (default the first)" }) channel?: string,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
    @Arg("timeZone", () => String, { nullable: true, description: TIME_ZONE }) timeZone?: string,
    @Arg("broadcastDayStart", () => String, { nullable: true, description: DAY_START }) broadcastDayStart?: string,
  ): Promise<Schedule> {
    return ctx.services.io.importSchedule(callerOf(ctx), file, { fileName, fps, scriptId, channel, organization, timeZone, broadcastDayStart });
  }

  @Mutation(() => Job, { description: "As importSchedule, done by a SCHEDULE_IMPORT job; its entityId is the new schedule once SUCCEEDED" })
  importScheduleAsync(
    @Ctx() ctx: Context,
    @Arg("file", () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg("fileName", () => String, { nullable: true }) fileName?: string,
    @Arg("fps", () => Float, { nullable: true, description: `Frames per second of the new schedule (default 25): ${ACCEPTED_FPS}` }) fps?: number,
    @Arg("scriptId", () => String, { nullable: true, description: FORMATS }) scriptId?: string,
    @Arg("channel", () => String, { nullable: true }) channel?: string,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
    @Arg("timeZone", () => String, { nullable: true, description: TIME_ZONE }) timeZone?: string,
    @Arg("broadcastDayStart", () => String, { nullable: true, description: DAY_START }) broadcastDayStart?: string,
  ): Promise<Job> {
    return ctx.services.io.importScheduleAsync(callerOf(ctx), file, { fileName, fps, scriptId, channel, organization, timeZone, broadcastDayStart });
  }

  @Mutation(() => Job, { description: "A TIMELINE_EPG_XML_EXPORT job; when SUCCEEDED, resourceLink downloads the file (same bearer token)" })
  exportSchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Arg("fileName", () => String, { description: "Name of the file (the format's extension is added when it has none)" }) fileName: string,
    @Arg("format", () => ExportFormat, { nullable: true, description: "Default XMLTV" }) format?: ExportFormat,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
    @Arg("bxfVersion", () => BxfVersion, { nullable: true, description: "The BXF schema of a BXF export (default V2017); ignored by the other formats" }) bxfVersion?: BxfVersion,
  ): Promise<Job> {
    return ctx.services.io.exportSchedule(callerOf(ctx), id, fileName, format ?? null, organization, bxfVersion === BxfVersion.V2008 ? "2008" : "2017");
  }
}
