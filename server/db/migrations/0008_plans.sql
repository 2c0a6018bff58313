CREATE TABLE "period_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier_plan_id" uuid NOT NULL,
	"name" text NOT NULL,
	"period_count" integer NOT NULL,
	"free_month" integer DEFAULT 0 NOT NULL,
	"first_time_free_month" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_plans_months_check" CHECK ("period_plans"."period_count" >= 1 and "period_plans"."free_month" >= 0 and "period_plans"."free_month" < "period_plans"."period_count" and "period_plans"."first_time_free_month" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_features" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"rank" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tier_plan_type" text NOT NULL,
	"min_user" integer NOT NULL,
	"description" text NOT NULL,
	"price_per_user_month" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"rank" integer NOT NULL,
	"feature_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_plans_price_check" CHECK ("tier_plans"."price_per_user_month" >= 0 and "tier_plans"."min_user" >= 1)
);
--> statement-breakpoint
ALTER TABLE "period_plans" ADD CONSTRAINT "period_plans_tier_plan_id_tier_plans_id_fk" FOREIGN KEY ("tier_plan_id") REFERENCES "public"."tier_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "period_plans_tier_count_idx" ON "period_plans" USING btree ("tier_plan_id","period_count");--> statement-breakpoint
CREATE UNIQUE INDEX "tier_plans_type_idx" ON "tier_plans" USING btree ("tier_plan_type");