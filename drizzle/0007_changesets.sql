CREATE TABLE "change_set_events" (
	"change_set_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval(pg_get_serial_sequence('events', 'id')) NOT NULL,
	"schedule_id" bigint NOT NULL,
	"organization" text NOT NULL,
	"on_air_time" bigint NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"event_type" text DEFAULT 'PRIMARY' NOT NULL,
	"title" text,
	"locked" boolean DEFAULT false NOT NULL,
	"media_id" text,
	"asset_id" text,
	"status" text,
	"qc_status" text,
	"programme_title" text,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"base_version" integer,
	CONSTRAINT "change_set_events_change_set_id_id_pk" PRIMARY KEY("change_set_id","id")
);
--> statement-breakpoint
CREATE TABLE "change_set_removals" (
	"change_set_id" bigint NOT NULL,
	"id" bigint NOT NULL,
	"base_version" integer NOT NULL,
	CONSTRAINT "change_set_removals_change_set_id_id_pk" PRIMARY KEY("change_set_id","id")
);
--> statement-breakpoint
CREATE TABLE "change_sets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"schedule_id" bigint NOT NULL,
	"organization" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"base_version" integer NOT NULL,
	"max_event_duration" bigint DEFAULT 0 NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_set_events" ADD CONSTRAINT "change_set_events_change_set_id_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_set_removals" ADD CONSTRAINT "change_set_removals_change_set_id_change_sets_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_sets" ADD CONSTRAINT "change_sets_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_set_events_time_idx" ON "change_set_events" USING btree ("change_set_id","on_air_time","id");--> statement-breakpoint
CREATE INDEX "change_set_events_touched_idx" ON "change_set_events" USING btree ("change_set_id","id") WHERE "change_set_events"."version" is distinct from "change_set_events"."base_version";--> statement-breakpoint
CREATE INDEX "change_sets_schedule_idx" ON "change_sets" USING btree ("schedule_id","id");