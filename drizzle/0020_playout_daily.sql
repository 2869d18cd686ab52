-- The daily rollup of playout samples: the hourly rollup's sums per playout per UTC day, kept in
-- step by the statement that appends samples (src/telemetry/rollup.ts). Reports whose buckets hold
-- whole UTC days read it instead of 24 hourly rows per day. Filled here from the hourly rollup,
-- which holds every sample ever ingested (it outlives the retention of playout_samples).
CREATE TABLE "playout_daily" (
	"playout_id" text NOT NULL,
	"day" timestamp (3) with time zone NOT NULL,
	"organization" text NOT NULL,
	"up_seconds" bigint NOT NULL,
	"down_seconds" bigint NOT NULL,
	"samples" bigint NOT NULL,
	"sum_avmon" double precision NOT NULL,
	"n_avmon" bigint NOT NULL,
	"sum_cache" double precision NOT NULL,
	"n_cache" bigint NOT NULL,
	"sum_connection" double precision NOT NULL,
	"n_connection" bigint NOT NULL,
	"sum_cpu" double precision NOT NULL,
	"n_cpu" bigint NOT NULL,
	"sum_file_descriptors" double precision NOT NULL,
	"n_file_descriptors" bigint NOT NULL,
	"sum_free_memory" double precision NOT NULL,
	"n_free_memory" bigint NOT NULL,
	"sum_playback" double precision NOT NULL,
	"n_playback" bigint NOT NULL,
	"sum_storage" double precision NOT NULL,
	"n_storage" bigint NOT NULL,
	CONSTRAINT "playout_daily_playout_id_day_pk" PRIMARY KEY("playout_id","day")
);
--> statement-breakpoint
INSERT INTO "playout_daily"
SELECT "playout_id", date_bin(interval '1 day', "hour", timestamptz '2000-01-01 00:00:00+00'), min("organization"),
  sum("up_seconds"), sum("down_seconds"), sum("samples"),
  sum("sum_avmon"), sum("n_avmon"), sum("sum_cache"), sum("n_cache"), sum("sum_connection"), sum("n_connection"),
  sum("sum_cpu"), sum("n_cpu"), sum("sum_file_descriptors"), sum("n_file_descriptors"), sum("sum_free_memory"), sum("n_free_memory"),
  sum("sum_playback"), sum("n_playback"), sum("sum_storage"), sum("n_storage")
FROM "playout_hourly" GROUP BY 1, 2;--> statement-breakpoint
CREATE INDEX "playout_daily_org_day_idx" ON "playout_daily" USING btree ("organization","day");
--> statement-breakpoint
ANALYZE "playout_daily";
