ALTER TABLE "web_sign_ins" DROP CONSTRAINT "web_sign_ins_step_check";--> statement-breakpoint
ALTER TABLE "web_sign_ins" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "web_sign_ins" ADD COLUMN "post" jsonb;--> statement-breakpoint
ALTER TABLE "web_sign_ins" ADD CONSTRAINT "web_sign_ins_step_check" CHECK ("web_sign_ins"."step" in ('password', 'second', 'done'));