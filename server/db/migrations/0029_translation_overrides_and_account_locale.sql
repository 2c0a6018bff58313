CREATE TABLE "translation_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"locale" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"modified_by" uuid,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_scope_key_unique" UNIQUE NULLS NOT DISTINCT("customer_id","locale","key")
);
--> statement-breakpoint
ALTER TABLE "translation_overrides" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_modified_by_accounts_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_overrides_customer_idx" ON "translation_overrides" USING btree ("customer_id","locale");--> statement-breakpoint
CREATE POLICY "customer_scope" ON "translation_overrides" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("translation_overrides"."customer_id" is null or "translation_overrides"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("translation_overrides"."customer_id" = (select current_setting('app.customer_id')::uuid));