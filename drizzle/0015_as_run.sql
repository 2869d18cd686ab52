CREATE TABLE "as_run_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "as_run_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"schedule_id" bigint NOT NULL,
	"entry_id" text NOT NULL,
	"event_id" bigint,
	"media_id" text,
	"actual_start" bigint NOT NULL,
	"actual_duration" bigint NOT NULL,
	"status" text NOT NULL,
	"device_id" text NOT NULL,
	"reason" text,
	"scte35_cues" integer,
	"ingested_by" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "as_run_entries" ADD CONSTRAINT "as_run_entries_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "as_run_entries_schedule_entry_idx" ON "as_run_entries" USING btree ("schedule_id","entry_id");--> statement-breakpoint
CREATE INDEX "as_run_entries_schedule_start_idx" ON "as_run_entries" USING btree ("schedule_id","actual_start");--> statement-breakpoint
CREATE INDEX "as_run_entries_schedule_event_idx" ON "as_run_entries" USING btree ("schedule_id","event_id");