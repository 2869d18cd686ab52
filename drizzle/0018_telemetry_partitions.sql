-- playout_samples partitioned by month of "time" (declarative range partitioning): ingest writes
-- to one small partition with its own small indexes, reporting windows prune to the months they
-- touch, and old months are dropped whole (TELEMETRY_RETENTION_DAYS). Partitions are named
-- playout_samples_pYYYYMM; src/telemetry/partitions.ts creates them ahead of time. A sample outside
-- every partition lands in playout_samples_default until its month's partition is made.
ALTER TABLE "playout_samples" RENAME TO "playout_samples_unpartitioned";--> statement-breakpoint
ALTER INDEX "playout_samples_playout_time_idx" RENAME TO "playout_samples_unpartitioned_playout_time_idx";--> statement-breakpoint
ALTER INDEX "playout_samples_org_time_idx" RENAME TO "playout_samples_unpartitioned_org_time_idx";--> statement-breakpoint
CREATE TABLE "playout_samples" (LIKE "playout_samples_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("time");--> statement-breakpoint
CREATE INDEX "playout_samples_playout_time_idx" ON "playout_samples" USING btree ("playout_id","time");--> statement-breakpoint
CREATE INDEX "playout_samples_org_time_idx" ON "playout_samples" USING btree ("organization","time");--> statement-breakpoint
CREATE TABLE "playout_samples_default" PARTITION OF "playout_samples" DEFAULT;--> statement-breakpoint
-- A partition per month of the existing samples, and from this month to three months ahead.
DO $$
DECLARE
  first_month timestamptz := date_trunc('month', least(coalesce((select min("time") from "playout_samples_unpartitioned"), now()), now()) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  last_month timestamptz := date_trunc('month', greatest(coalesce((select max("time") from "playout_samples_unpartitioned"), now()), now() + interval '3 months') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  month timestamptz;
BEGIN
  month := first_month;
  WHILE month <= last_month LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "playout_samples" FOR VALUES FROM (%L) TO (%L)',
      'playout_samples_p' || to_char(month AT TIME ZONE 'UTC', 'YYYYMM'), month, month + interval '1 month');
    month := month + interval '1 month';
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "playout_samples" SELECT * FROM "playout_samples_unpartitioned";--> statement-breakpoint
DROP TABLE "playout_samples_unpartitioned";
