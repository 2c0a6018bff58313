CREATE TABLE "second_factor_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'INITIAL' NOT NULL,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "second_factor_requests_status_check" CHECK ("second_factor_requests"."status" in ('INITIAL', 'APPROVE', 'REJECT'))
);
--> statement-breakpoint
ALTER TABLE "second_factor_requests" ADD CONSTRAINT "second_factor_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_factor_requests_account_idx" ON "second_factor_requests" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "second_factor_requests_expires_at_idx" ON "second_factor_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_customer_email_idx" ON "users" USING btree ("customer_id",lower("email"));