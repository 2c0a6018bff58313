CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "oidc_payloads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "oidc_payloads" ADD CONSTRAINT "oidc_payloads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE POLICY "customer_scope" ON "oidc_payloads" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("oidc_payloads"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("oidc_payloads"."customer_id" = (select current_setting('app.customer_id')::uuid));