ALTER TABLE "activation_codes" ADD COLUMN "reminded_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "token_packs" ADD COLUMN "activation_reminder_days" integer;