-- Rights windows, advertiser and product category of an asset, and the separation rules of a
-- schedule (docs/CHECKS.md "Rights and separation"). rights is checked on write by
-- src/assets/rules.ts and stored in that checked form: a jsonb array of
-- {start, end, channels, maxRuns, maxRunsPerDay} (instants as ISO strings or null).
ALTER TABLE "assets" ADD COLUMN "rights" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "advertiser" text;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "product_category" text;
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "separation_asset_ms" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "separation_advertiser_ms" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "separation_category_ms" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_separation_check" CHECK ("separation_asset_ms" >= 0 AND "separation_advertiser_ms" >= 0 AND "separation_category_ms" >= 0);
