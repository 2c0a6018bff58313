CREATE TABLE "gateway_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"connector_id" uuid NOT NULL,
	"service_instance_id" uuid NOT NULL,
	"token_pack_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"client_address" text,
	"status" text DEFAULT 'INITIAL' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_requests_kind_check" CHECK ("gateway_requests"."kind" in ('challenge', 'push')),
	CONSTRAINT "gateway_requests_status_check" CHECK ("gateway_requests"."status" in ('INITIAL', 'APPROVE', 'REJECT'))
);
--> statement-breakpoint
ALTER TABLE "gateway_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "gateway_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"connector_id" uuid,
	"service_instance_id" uuid,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"client_address" text,
	"result" text NOT NULL,
	"reason" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_sign_ins_result_check" CHECK ("gateway_sign_ins"."result" in ('ACCEPT', 'REJECT', 'CHALLENGE'))
);
--> statement-breakpoint
ALTER TABLE "gateway_sign_ins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "radius_connectors" ADD COLUMN "mode" text DEFAULT 'challenge' NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_requests" ADD CONSTRAINT "gateway_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sign_ins" ADD CONSTRAINT "gateway_sign_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_requests_user_idx" ON "gateway_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "gateway_requests_expiry_idx" ON "gateway_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "gateway_sign_ins_user_idx" ON "gateway_sign_ins" USING btree ("user_id","created_date");--> statement-breakpoint
CREATE INDEX "gateway_sign_ins_connector_idx" ON "gateway_sign_ins" USING btree ("connector_id","created_date");--> statement-breakpoint
CREATE INDEX "gateway_sign_ins_customer_idx" ON "gateway_sign_ins" USING btree ("customer_id","created_date");--> statement-breakpoint
CREATE INDEX "radius_connectors_address_idx" ON "radius_connectors" USING btree ("ip_address");--> statement-breakpoint
ALTER TABLE "radius_connectors" ADD CONSTRAINT "radius_connectors_mode_check" CHECK ("radius_connectors"."mode" in ('challenge', 'push', 'append'));--> statement-breakpoint
CREATE POLICY "customer_scope" ON "gateway_requests" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("gateway_requests"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("gateway_requests"."customer_id" = (select current_setting('app.customer_id')::uuid));--> statement-breakpoint
CREATE POLICY "customer_scope" ON "gateway_sign_ins" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("gateway_sign_ins"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("gateway_sign_ins"."customer_id" = (select current_setting('app.customer_id')::uuid));