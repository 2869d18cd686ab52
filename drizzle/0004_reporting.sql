CREATE TABLE "billing_usage" (
	"organization" text NOT NULL,
	"type" text DEFAULT 'DAILY' NOT NULL,
	"time_stamp" timestamp (3) with time zone NOT NULL,
	"customer_id" text,
	"product_code" text,
	"playout_uptime" bigint DEFAULT 0 NOT NULL,
	"storage_amount" bigint DEFAULT 0 NOT NULL,
	"bandwidth" bigint DEFAULT 0 NOT NULL,
	"platform" bigint DEFAULT 0 NOT NULL,
	"reported" boolean DEFAULT false NOT NULL,
	CONSTRAINT "billing_usage_organization_type_time_stamp_pk" PRIMARY KEY("organization","type","time_stamp")
);
--> statement-breakpoint
CREATE TABLE "cache_downloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cache_downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"ip" text NOT NULL,
	"port" text,
	"playout_name" text,
	"count" bigint DEFAULT 0 NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"channel_id" text PRIMARY KEY NOT NULL,
	"channel_name" text,
	"organization" text NOT NULL,
	"provider_id" text
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"execution_id" text PRIMARY KEY NOT NULL,
	"duration" bigint,
	"execution_time" timestamp (3) with time zone NOT NULL,
	"success" boolean DEFAULT true NOT NULL,
	"type" text,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"address" text,
	"city" text,
	"country" text,
	"phone_number" text,
	"product_code" text,
	"provider_id" text,
	"vendor_marketplace_identifier" text,
	"zip_code" text,
	"deleted" boolean,
	"enabled" boolean,
	"time" timestamp (3) with time zone,
	"time_stamp" timestamp (3) with time zone,
	"total_accounts" integer,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playout_hourly" (
	"playout_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"organization" text NOT NULL,
	"up_seconds" bigint NOT NULL,
	"down_seconds" bigint NOT NULL,
	"samples" integer NOT NULL,
	"sum_avmon" double precision NOT NULL,
	"n_avmon" integer NOT NULL,
	"sum_cache" double precision NOT NULL,
	"n_cache" integer NOT NULL,
	"sum_connection" double precision NOT NULL,
	"n_connection" integer NOT NULL,
	"sum_cpu" double precision NOT NULL,
	"n_cpu" integer NOT NULL,
	"sum_file_descriptors" double precision NOT NULL,
	"n_file_descriptors" integer NOT NULL,
	"sum_free_memory" double precision NOT NULL,
	"n_free_memory" integer NOT NULL,
	"sum_playback" double precision NOT NULL,
	"n_playback" integer NOT NULL,
	"sum_storage" double precision NOT NULL,
	"n_storage" integer NOT NULL,
	CONSTRAINT "playout_hourly_playout_id_hour_pk" PRIMARY KEY("playout_id","hour")
);
--> statement-breakpoint
CREATE TABLE "playout_samples" (
	"playout_id" text NOT NULL,
	"organization" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"avmon" double precision,
	"cache" double precision,
	"connection" double precision,
	"cpu" double precision,
	"file_descriptors" double precision,
	"free_memory" double precision,
	"playback" double precision,
	"storage" double precision
);
--> statement-breakpoint
CREATE TABLE "playouts" (
	"playout_id" text PRIMARY KEY NOT NULL,
	"playout_name" text,
	"organization" text NOT NULL,
	"provider_id" text,
	"channel_id" text,
	"playout_mode" text,
	"ip" text,
	"port" text,
	"instance_type" text,
	"template_type" text,
	"region" text,
	"licence_id" text,
	"licence_name" text,
	"licence_mode" text,
	"playout_licence_id" text,
	"playout_type" text,
	"resolution" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"provider_name" text
);
--> statement-breakpoint
CREATE TABLE "registry_names" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "registry_names_kind_id_name_pk" PRIMARY KEY("kind","id","name")
);
--> statement-breakpoint
CREATE TABLE "storage_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"count" bigint NOT NULL,
	"size" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_stats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stream_stats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"region" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"active_stream_count" bigint,
	"stream_count" bigint,
	"webrtc_stats" jsonb
);
--> statement-breakpoint
CREATE INDEX "billing_usage_time_idx" ON "billing_usage" USING btree ("time_stamp");--> statement-breakpoint
CREATE INDEX "cache_downloads_org_time_idx" ON "cache_downloads" USING btree ("organization","time");--> statement-breakpoint
CREATE INDEX "channels_org_idx" ON "channels" USING btree ("organization");--> statement-breakpoint
CREATE INDEX "executions_time_idx" ON "executions" USING btree ("execution_time");--> statement-breakpoint
CREATE INDEX "playout_hourly_org_hour_idx" ON "playout_hourly" USING btree ("organization","hour");--> statement-breakpoint
CREATE INDEX "playout_samples_playout_time_idx" ON "playout_samples" USING btree ("playout_id","time");--> statement-breakpoint
CREATE INDEX "playout_samples_org_time_idx" ON "playout_samples" USING btree ("organization","time");--> statement-breakpoint
CREATE INDEX "playouts_org_idx" ON "playouts" USING btree ("organization");--> statement-breakpoint
CREATE INDEX "playouts_ip_idx" ON "playouts" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "storage_snapshots_org_time_idx" ON "storage_snapshots" USING btree ("organization","time");--> statement-breakpoint
CREATE INDEX "stream_stats_region_time_idx" ON "stream_stats" USING btree ("region","time");