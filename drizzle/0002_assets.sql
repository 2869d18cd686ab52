CREATE TABLE "assets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"asset_id" text NOT NULL,
	"media_id" text,
	"name" text,
	"storage_type" text,
	"qc_status" text,
	"duration_ms" bigint,
	"title" text,
	"asset_size" bigint,
	"file_count" integer,
	"custom_fields" jsonb,
	"file_data" jsonb,
	"metadata" jsonb,
	"qc_info" jsonb,
	"source_asset_data" jsonb,
	"system_fields" jsonb,
	"tags" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"date_applied" timestamp (3) with time zone,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "assets_org_asset_id_idx" ON "assets" USING btree ("organization","asset_id");--> statement-breakpoint
CREATE INDEX "assets_org_media_id_idx" ON "assets" USING btree ("organization","media_id");--> statement-breakpoint
CREATE INDEX "assets_org_name_idx" ON "assets" USING btree ("organization",lower("name"));--> statement-breakpoint
CREATE INDEX "assets_org_storage_type_idx" ON "assets" USING btree ("organization","storage_type");--> statement-breakpoint
CREATE INDEX "assets_org_qc_status_idx" ON "assets" USING btree ("organization","qc_status");--> statement-breakpoint
CREATE INDEX "assets_org_duration_idx" ON "assets" USING btree ("organization","duration_ms");--> statement-breakpoint
CREATE INDEX "assets_org_title_idx" ON "assets" USING btree ("organization","title");