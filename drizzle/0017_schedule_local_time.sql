ALTER TABLE "schedules" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "broadcast_day_start" integer DEFAULT 0 NOT NULL;