-- Asset collections and schedule templates (src/collections/, src/templates/; docs/OPERATIONS.md),
-- and the positions sequential template slots reached in each generated schedule.
-- A collection's items are one text[] of media ids in position order: a collection is read and
-- written whole, under one version, and its items have no identity of their own.
CREATE TABLE "asset_collections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"media_ids" text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_collections_kind_check" CHECK ("kind" IN ('PROGRAMMES', 'FILLER', 'PROMOS', 'ADVERTISEMENTS')),
	CONSTRAINT "asset_collections_items_check" CHECK (cardinality("media_ids") <= 10000),
	CONSTRAINT "asset_collections_version_check" CHECK ("version" >= 1)
);
--> statement-breakpoint
CREATE INDEX "asset_collections_org_id_idx" ON "asset_collections" USING btree ("organization","id");
--> statement-breakpoint
-- A template's slots are jsonb, checked on write by src/templates/rules.ts (templateValues) and
-- stored in that checked form; a template is read and written whole, and a slot's id is
-- "<template id>.<index>".
CREATE TABLE "schedule_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"broadcast_day_start" integer NOT NULL,
	"slots" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_templates_day_start_check" CHECK ("broadcast_day_start" >= 0 AND "broadcast_day_start" < 86400000),
	CONSTRAINT "schedule_templates_slots_check" CHECK (jsonb_typeof("slots") = 'array' AND jsonb_array_length("slots") <= 500),
	CONSTRAINT "schedule_templates_version_check" CHECK ("version" >= 1)
);
--> statement-breakpoint
CREATE INDEX "schedule_templates_org_id_idx" ON "schedule_templates" USING btree ("organization","id");
--> statement-breakpoint
CREATE TABLE "template_slot_positions" (
	"organization" text NOT NULL,
	"schedule_id" bigint NOT NULL,
	"slot_key" text NOT NULL,
	"broadcast_date" date NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "template_slot_positions_schedule_id_slot_key_broadcast_date_pk" PRIMARY KEY("schedule_id","slot_key","broadcast_date"),
	CONSTRAINT "template_slot_positions_position_check" CHECK ("position" >= 0)
);
--> statement-breakpoint
ALTER TABLE "template_slot_positions" ADD CONSTRAINT "template_slot_positions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;
