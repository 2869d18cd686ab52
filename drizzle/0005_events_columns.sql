ALTER TABLE "schedules" ADD COLUMN "event_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "qc_status" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "programme_title" text;