ALTER TABLE "activation_codes" ADD COLUMN "username" text;--> statement-breakpoint
UPDATE "activation_codes" SET "username" = "users"."username" FROM "users" WHERE "users"."id" = "activation_codes"."user_id";--> statement-breakpoint
ALTER TABLE "activation_codes" ALTER COLUMN "username" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "activation_codes_follow_username"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "activation_codes" SET "username" = NEW."username" WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_username_to_activation_codes" AFTER UPDATE OF "username" ON "users" FOR EACH ROW WHEN (OLD."username" IS DISTINCT FROM NEW."username") EXECUTE FUNCTION "activation_codes_follow_username"();--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "last_used_step" integer;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "last_used_step" integer;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "last_sign_in_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activation_codes_pack_username_idx" ON "activation_codes" USING btree ("token_pack_id","username","id");--> statement-breakpoint
CREATE INDEX "otp_codes_customer_idx" ON "otp_codes" USING btree ("customer_id");
