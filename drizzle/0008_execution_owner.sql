DROP INDEX "executions_time_idx";--> statement-breakpoint
ALTER TABLE "executions" DROP CONSTRAINT "executions_pkey";--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "organization" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_organization_execution_id_pk" PRIMARY KEY("organization","execution_id");--> statement-breakpoint
CREATE INDEX "executions_org_time_idx" ON "executions" USING btree ("organization","execution_time");
