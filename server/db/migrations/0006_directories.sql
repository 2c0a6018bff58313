CREATE TABLE "directories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"hybrid" boolean DEFAULT false NOT NULL,
	"host" text,
	"port" integer,
	"secured" boolean DEFAULT false NOT NULL,
	"base_dn" text,
	"user_dn" text,
	"password" text,
	"user_login_pattern" text,
	"login_property" text,
	"email_attribute" text,
	"display_name_attribute" text,
	"phone_attribute" text,
	"tenant_id" text,
	"application_id" text,
	"graph_url" text,
	"authority_url" text,
	"rest_authentication" text,
	"rest_username" text,
	"rest_header" text,
	"list_users_url" text,
	"secret" text,
	"last_sync" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directories_type_check" CHECK ("directories"."type" in ('LDAP', 'AZURE', 'REST'))
);
--> statement-breakpoint
CREATE TABLE "user_tallies" (
	"customer_id" uuid NOT NULL,
	"directory_key" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "user_tallies_customer_id_directory_key_status_pk" PRIMARY KEY("customer_id","directory_key","status")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"directory_id" uuid,
	"external_id" text,
	"source" text NOT NULL,
	"username" text NOT NULL,
	"display_name" text,
	"email" text,
	"mobile_phone" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"app_activated" boolean DEFAULT false NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(username || ' ' || coalesce(display_name, '') || ' ' || coalesce(email, ''))) STORED,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
ALTER TABLE "directories" ADD CONSTRAINT "directories_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directories_customer_idx" ON "directories" USING btree ("customer_id","name");--> statement-breakpoint
CREATE INDEX "users_customer_username_idx" ON "users" USING btree ("customer_id","username","id");--> statement-breakpoint
CREATE INDEX "users_directory_idx" ON "users" USING btree ("directory_id","username","id");--> statement-breakpoint
-- A directory's name is unique in its customer, and a username in its customer, ignoring case.
CREATE UNIQUE INDEX "directories_customer_name_key" ON "directories" ("customer_id", lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_customer_username_key" ON "users" ("customer_id", lower("username"));--> statement-breakpoint
-- The users list's search (a part of a username, name or email) through a trigram index. The extension
-- lives in a schema of its own, so that it is the database's whatever schema the tables are in.
CREATE SCHEMA IF NOT EXISTS "extensions";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA "extensions";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" "extensions"."gin_trgm_ops");--> statement-breakpoint
-- The tallies of users by customer, directory and status, kept by statement triggers: the list's total
-- is a sum of a few rows instead of a count of every user.
CREATE FUNCTION users_tally_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_tallies (customer_id, directory_key, status, total)
  SELECT customer_id, coalesce(directory_id::text, ''), status, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (customer_id, directory_key, status) DO UPDATE SET total = user_tallies.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION users_tally_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_tallies (customer_id, directory_key, status, total)
  SELECT customer_id, coalesce(directory_id::text, ''), status, -count(*) FROM old_rows GROUP BY 1, 2, 3
  ON CONFLICT (customer_id, directory_key, status) DO UPDATE SET total = user_tallies.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION users_tally_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_tallies (customer_id, directory_key, status, total)
  SELECT customer_id, directory_key, status, sum(change) FROM (
    SELECT customer_id, coalesce(directory_id::text, '') AS directory_key, status, 1 AS change FROM new_rows
    UNION ALL
    SELECT customer_id, coalesce(directory_id::text, ''), status, -1 FROM old_rows
  ) AS changes
  GROUP BY 1, 2, 3 HAVING sum(change) <> 0
  ON CONFLICT (customer_id, directory_key, status) DO UPDATE SET total = user_tallies.total + excluded.total;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_tally_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_tally_insert();--> statement-breakpoint
CREATE TRIGGER users_tally_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_tally_delete();--> statement-breakpoint
CREATE TRIGGER users_tally_update AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_tally_update();
