CREATE TABLE "sign_in_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"account_id" uuid,
	"user_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_events_kind_check" CHECK ("sign_in_events"."kind" in ('sign-in', 'approval')),
	CONSTRAINT "sign_in_events_method_check" CHECK ("sign_in_events"."method" in ('password', 'qr', 'app', 'otp')),
	CONSTRAINT "sign_in_events_outcome_check" CHECK ("sign_in_events"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"image_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"reject_reason" text,
	"created_by" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "themes_status_check" CHECK ("themes"."status" in ('ACTIVE', 'REJECTED'))
);
--> statement-breakpoint
ALTER TABLE "token_packs" ADD COLUMN "theme_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_events_customer_date_idx" ON "sign_in_events" USING btree ("customer_id","created_date");--> statement-breakpoint
CREATE INDEX "sign_in_events_date_idx" ON "sign_in_events" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "themes_customer_name_idx" ON "themes" USING btree ("customer_id","name");--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE no action ON UPDATE no action;