CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"started_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_date" timestamp with time zone,
	CONSTRAINT "bulk_jobs_status_check" CHECK ("bulk_jobs"."status" in ('RUNNING', 'DONE', 'CANCELLED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "bulk_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bulk_jobs" ADD CONSTRAINT "bulk_jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "customer_scope" ON "bulk_jobs" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("bulk_jobs"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("bulk_jobs"."customer_id" = (select current_setting('app.customer_id')::uuid));