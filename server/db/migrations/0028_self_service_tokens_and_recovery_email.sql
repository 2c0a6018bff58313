-- Self-service links: the tokens of sign-up activations, password resets and recovery email checks, kept
-- as their SHA-256 only, single use and expiring; an account's recovery email (lower-case) and whether it
-- is verified.
CREATE TABLE "self_service_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"tier_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_service_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "self_service_tokens_kind_check" CHECK ("self_service_tokens"."kind" in ('signupActivation', 'passwordReset', 'recoveryEmail'))
);
--> statement-breakpoint
ALTER TABLE "self_service_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "recovery_email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "recovery_email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "self_service_tokens" ADD CONSTRAINT "self_service_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_service_tokens" ADD CONSTRAINT "self_service_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "self_service_tokens_account_kind_idx" ON "self_service_tokens" USING btree ("account_id","kind");--> statement-breakpoint
CREATE INDEX "self_service_tokens_expires_at_idx" ON "self_service_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_recovery_email_lower_check" CHECK ("accounts"."recovery_email" = lower("accounts"."recovery_email"));--> statement-breakpoint
CREATE POLICY "customer_scope" ON "self_service_tokens" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("self_service_tokens"."customer_id" = (select current_setting('app.customer_id')::uuid)) WITH CHECK ("self_service_tokens"."customer_id" = (select current_setting('app.customer_id')::uuid));