-- Wrong passwords are counted per login and client address (and per login, source '*'): the old counts
-- per login alone are dropped (they last a day at most; nobody waits because of them after this).
DELETE FROM "signin_failures";--> statement-breakpoint
ALTER TABLE "signin_failures" DROP CONSTRAINT "signin_failures_pkey";--> statement-breakpoint
ALTER TABLE "signin_failures" ADD COLUMN "source" text NOT NULL;--> statement-breakpoint
ALTER TABLE "signin_failures" ADD CONSTRAINT "signin_failures_login_source_pk" PRIMARY KEY("login","source");--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "previous_password_hashes" text[] DEFAULT '{}'::text[] NOT NULL;
