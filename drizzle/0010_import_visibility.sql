ALTER TABLE "schedules" ADD COLUMN "visibility" text DEFAULT 'VISIBLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "import_job_id" bigint;--> statement-breakpoint
CREATE INDEX "schedules_importing_idx" ON "schedules" USING btree ("organization") WHERE visibility <> 'VISIBLE';