-- Row-level security (server/db/reach.ts): the role that calls made in a customer run as, and the policies
-- that admit that customer's rows only. Roles belong to the whole PostgreSQL server: it may exist already.
DO $$ BEGIN
  CREATE ROLE "gateway_customer" NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
-- The server's own user switches to it inside a transaction (set_config('role', …, true)).
GRANT "gateway_customer" TO CURRENT_USER;--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO "gateway_customer"', current_schema());
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO "gateway_customer"', current_schema());
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO "gateway_customer"', current_schema());
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "gateway_customer"', current_schema());
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO "gateway_customer"', current_schema());
END $$;--> statement-breakpoint
-- The instance's secrets (the JWT secret) are never read in a customer's transaction.
REVOKE ALL ON "instance_secrets" FROM "gateway_customer";--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cards" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "processor_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "https_connectors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "oidc_clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "radius_connectors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "saml2_connectors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "saml_connectors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "directories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_tallies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "activation_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "otp_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "retired_activation_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_devices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "oauth_clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sign_in_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_connectors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_instances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "service_users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "token_packs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "white_list_ips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "themes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "customer_scope" ON "audit_log" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("audit_log"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("audit_log"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "files" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("files"."customer_id" is null or "files"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("files"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "orders" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("orders"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("orders"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "subscriptions" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("subscriptions"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("subscriptions"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "cards" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("cards"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("cards"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "payments" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("payments"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("payments"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "processor_accounts" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("processor_accounts"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("processor_accounts"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "https_connectors" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("https_connectors"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("https_connectors"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "oidc_clients" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("oidc_clients"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("oidc_clients"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "radius_connectors" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("radius_connectors"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("radius_connectors"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "saml2_connectors" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("saml2_connectors"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("saml2_connectors"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "saml_connectors" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("saml_connectors"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("saml_connectors"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "directories" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("directories"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("directories"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "user_tallies" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("user_tallies"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("user_tallies"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "users" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("users"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("users"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "activation_codes" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("activation_codes"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("activation_codes"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "mail_messages" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("mail_messages"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("mail_messages"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "otp_codes" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("otp_codes"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("otp_codes"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "retired_activation_codes" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("retired_activation_codes"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("retired_activation_codes"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "user_devices" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("user_devices"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("user_devices"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "account_roles" AS PERMISSIVE FOR ALL TO "gateway_customer" USING (exists (select 1 from "accounts" where "accounts".id = "account_roles"."account_id")) WITH CHECK (exists (select 1 from "accounts" where "accounts".id = "account_roles"."account_id"));--> statement-breakpoint
CREATE POLICY "customer_scope" ON "accounts" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("accounts"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("accounts"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "customers" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("customers"."id" = current_setting('app.customer_id')::uuid) WITH CHECK ("customers"."id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "roles" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("roles"."customer_id" is null or "roles"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("roles"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "oauth_clients" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("oauth_clients"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("oauth_clients"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "sign_in_events" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("sign_in_events"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("sign_in_events"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "service_connectors" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("service_connectors"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("service_connectors"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "service_instances" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("service_instances"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("service_instances"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "service_users" AS PERMISSIVE FOR ALL TO "gateway_customer" USING (exists (select 1 from "service_instances" where "service_instances".id = "service_users"."service_instance_id")) WITH CHECK (exists (select 1 from "service_instances" where "service_instances".id = "service_users"."service_instance_id"));--> statement-breakpoint
CREATE POLICY "customer_scope" ON "token_packs" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("token_packs"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("token_packs"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "white_list_ips" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("white_list_ips"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("white_list_ips"."customer_id" = current_setting('app.customer_id')::uuid);--> statement-breakpoint
CREATE POLICY "customer_scope" ON "themes" AS PERMISSIVE FOR ALL TO "gateway_customer" USING ("themes"."customer_id" = current_setting('app.customer_id')::uuid) WITH CHECK ("themes"."customer_id" = current_setting('app.customer_id')::uuid);