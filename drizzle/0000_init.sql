CREATE TABLE "schedules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization" text NOT NULL,
	"name" text NOT NULL,
	"channel" text,
	"channel_id" bigint,
	"playlist_type" text DEFAULT 'FINITE' NOT NULL,
	"status" text,
	"txdate" text,
	"fps" double precision DEFAULT 25 NOT NULL,
	"graphics_project" text,
	"graphics_project_v2" text,
	"break_min" bigint,
	"break_max" bigint,
	"archive_status" text DEFAULT 'NOT_ARCHIVED' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"start_date" timestamp (3) with time zone,
	"finish_date" timestamp (3) with time zone,
	"date_applied" timestamp (3) with time zone,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE INDEX "schedules_org_id_idx" ON "schedules" USING btree ("organization","id");--> statement-breakpoint
CREATE INDEX "schedules_org_name_idx" ON "schedules" USING btree ("organization",lower("name"));--> statement-breakpoint
CREATE INDEX "schedules_org_graphics_idx" ON "schedules" USING btree ("organization","graphics_project");--> statement-breakpoint
CREATE INDEX "schedules_org_graphics_v2_idx" ON "schedules" USING btree ("organization","graphics_project_v2");--> statement-breakpoint
CREATE INDEX "schedules_org_start_idx" ON "schedules" USING btree ("organization","start_date");