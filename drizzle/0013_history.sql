CREATE TABLE "schedule_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"schedule_id" bigint NOT NULL,
	"organization" text NOT NULL,
	"txid" bigint NOT NULL,
	"version_before" integer,
	"version_after" integer NOT NULL,
	"actor" text,
	"operation" text,
	"schedule_changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"events_added" integer DEFAULT 0 NOT NULL,
	"events_removed" integer DEFAULT 0 NOT NULL,
	"events_changed" integer DEFAULT 0 NOT NULL,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_history_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "schedule_history_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"history_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" char(1) NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb,
	CONSTRAINT "schedule_history_events_history_id_id_pk" PRIMARY KEY("history_id","id")
);
--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_history_tx_idx" ON "schedule_history" USING btree ("schedule_id","txid");--> statement-breakpoint
CREATE INDEX "schedule_history_schedule_idx" ON "schedule_history" USING btree ("schedule_id","version_after","id");--> statement-breakpoint
CREATE INDEX "schedule_history_created_idx" ON "schedule_history" USING btree ("date_created");