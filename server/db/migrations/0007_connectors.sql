CREATE TABLE "gateway_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"certificate" text NOT NULL,
	"private_key" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "https_connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"api_key_hash" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"service_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"redirect_urls" jsonb NOT NULL,
	"client_secret" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "radius_connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ip_address" text NOT NULL,
	"shared_secret" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml2_connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"uname" text NOT NULL,
	"provider_name" text NOT NULL,
	"domain_name" text DEFAULT '' NOT NULL,
	"entity_id" text NOT NULL,
	"acs_url" text NOT NULL,
	"logout_url" text DEFAULT '' NOT NULL,
	"login_url" text DEFAULT '' NOT NULL,
	"default_relay_state" text DEFAULT '' NOT NULL,
	"certificate" text DEFAULT '' NOT NULL,
	"name_id_format" text NOT NULL,
	"name_id_attribute" text NOT NULL,
	"send_attribute" text NOT NULL,
	"signature_algorithm" text NOT NULL,
	"sign_response" boolean NOT NULL,
	"sign_assertion" boolean NOT NULL,
	"attribute_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"protocol" text NOT NULL,
	"sign_in_path" text NOT NULL,
	"sign_out_path" text NOT NULL,
	"meta_path" text NOT NULL,
	"cert" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_connectors_protocol_check" CHECK ("saml_connectors"."protocol" in ('saml', 'wsFed'))
);
--> statement-breakpoint
ALTER TABLE "https_connectors" ADD CONSTRAINT "https_connectors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_clients" ADD CONSTRAINT "oidc_clients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radius_connectors" ADD CONSTRAINT "radius_connectors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml2_connectors" ADD CONSTRAINT "saml2_connectors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_connectors" ADD CONSTRAINT "saml_connectors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "https_connectors_key_idx" ON "https_connectors" USING btree ("api_key_hash");--> statement-breakpoint
CREATE INDEX "https_connectors_name_idx" ON "https_connectors" USING btree ("customer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_clients_client_id_idx" ON "oidc_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oidc_clients_name_idx" ON "oidc_clients" USING btree ("customer_id","client_name");--> statement-breakpoint
CREATE UNIQUE INDEX "radius_connectors_ip_idx" ON "radius_connectors" USING btree ("customer_id","ip_address");--> statement-breakpoint
CREATE INDEX "radius_connectors_name_idx" ON "radius_connectors" USING btree ("customer_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "saml2_connectors_uname_idx" ON "saml2_connectors" USING btree ("uname");--> statement-breakpoint
CREATE INDEX "saml2_connectors_name_idx" ON "saml2_connectors" USING btree ("customer_id","provider_name");--> statement-breakpoint
CREATE INDEX "saml_connectors_name_idx" ON "saml_connectors" USING btree ("customer_id","name");