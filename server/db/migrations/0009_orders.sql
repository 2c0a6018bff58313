CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"tier_plan_id" uuid NOT NULL,
	"period_plan_id" uuid NOT NULL,
	"number_of_users" integer NOT NULL,
	"subscription_id" uuid,
	"token_pack_name" text,
	"remove_users" text[] DEFAULT '{}'::text[] NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"trial_term" integer DEFAULT 0 NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_date" timestamp with time zone,
	"closed_by" uuid,
	"token_pack_id" uuid,
	"service_instance_id" uuid,
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount" >= 0 and "orders"."number_of_users" >= 1)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"tier_plan_id" uuid NOT NULL,
	"period_plan_id" uuid NOT NULL,
	"number_of_users" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_pack_id" uuid NOT NULL,
	"service_template_id" uuid,
	"instance_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'STOPPED' NOT NULL,
	"connector_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_instances_status_check" CHECK ("service_instances"."status" in ('STARTED', 'STOPPED'))
);
--> statement-breakpoint
CREATE TABLE "token_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscription_id" uuid,
	"name" text NOT NULL,
	"wizard_status" text DEFAULT 'NEW' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tier_plan_id_tier_plans_id_fk" FOREIGN KEY ("tier_plan_id") REFERENCES "public"."tier_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_period_plan_id_period_plans_id_fk" FOREIGN KEY ("period_plan_id") REFERENCES "public"."period_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tier_plan_id_tier_plans_id_fk" FOREIGN KEY ("tier_plan_id") REFERENCES "public"."tier_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_period_plan_id_period_plans_id_fk" FOREIGN KEY ("period_plan_id") REFERENCES "public"."period_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_instances" ADD CONSTRAINT "service_instances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_instances" ADD CONSTRAINT "service_instances_token_pack_id_token_packs_id_fk" FOREIGN KEY ("token_pack_id") REFERENCES "public"."token_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_date");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id","created_date");--> statement-breakpoint
CREATE INDEX "service_instances_pack_idx" ON "service_instances" USING btree ("token_pack_id");--> statement-breakpoint
CREATE INDEX "service_instances_customer_idx" ON "service_instances" USING btree ("customer_id","instance_name");--> statement-breakpoint
CREATE INDEX "token_packs_customer_idx" ON "token_packs" USING btree ("customer_id","name");