CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"entity_id" bigint,
	"provider_id" text,
	"user_id" text,
	"account_user_id" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb,
	"progress" integer DEFAULT 0 NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"file_name" text,
	"resource_extension" text,
	"file_size" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp (3) with time zone,
	"run_after" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"date_created" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"date_started" timestamp (3) with time zone,
	"date_finished" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_org_id_idx" ON "jobs" USING btree ("organization","id");--> statement-breakpoint
CREATE INDEX "jobs_runnable_idx" ON "jobs" USING btree ("run_after") WHERE status in ('PENDING', 'PROCESSING');--> statement-breakpoint
-- Nothing leaves a final state (docs/JOBS.md). The worker and cancelJob already write only to
-- unfinished jobs; this makes the database refuse any code path that would not.
CREATE FUNCTION "jobs_keep_final_states"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IN ('SUCCEEDED', 'FAILED', 'CANCELED') AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'job % is %: a final state does not change', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_keep_final_states" BEFORE UPDATE OF "status" ON "jobs" FOR EACH ROW EXECUTE FUNCTION "jobs_keep_final_states"();
