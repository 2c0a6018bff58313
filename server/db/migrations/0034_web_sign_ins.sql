CREATE TABLE "web_sign_ins" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"connector_id" uuid NOT NULL,
	"step" text DEFAULT 'password' NOT NULL,
	"user_id" uuid,
	"user_name" text,
	"app" boolean DEFAULT false NOT NULL,
	"push_id" uuid,
	"push_expires_at" timestamp with time zone,
	"refusal" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "web_sign_ins_step_check" CHECK ("web_sign_ins"."step" in ('password', 'second'))
);
--> statement-breakpoint
ALTER TABLE "web_sign_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "web_sign_ins" ADD CONSTRAINT "web_sign_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_sign_ins_expires_idx" ON "web_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE POLICY "customer_scope" ON "web_sign_ins" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("web_sign_ins"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("web_sign_ins"."customer_id" = (select current_setting('app.customer_id')::uuid));