CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
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
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "time_origin" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "max_event_duration" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_schedule_time_idx" ON "events" USING btree ("schedule_id","on_air_time","id");