ALTER TABLE "events" drop column "qc_status";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "qc_status" text GENERATED ALWAYS AS (data->'assetData'->>'assetQCStatus') STORED;--> statement-breakpoint
ALTER TABLE "events" drop column "programme_title";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "programme_title" text GENERATED ALWAYS AS (data->'programme'->>'title') STORED;--> statement-breakpoint
ALTER TABLE "change_set_events" drop column "qc_status";--> statement-breakpoint
ALTER TABLE "change_set_events" ADD COLUMN "qc_status" text GENERATED ALWAYS AS (data->'assetData'->>'assetQCStatus') STORED;--> statement-breakpoint
ALTER TABLE "change_set_events" drop column "programme_title";--> statement-breakpoint
ALTER TABLE "change_set_events" ADD COLUMN "programme_title" text GENERATED ALWAYS AS (data->'programme'->>'title') STORED;