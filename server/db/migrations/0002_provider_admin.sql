CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"table_name" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" text NOT NULL,
	"modified_by" text NOT NULL,
	"modified_by_id" uuid,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saml_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"protocol" text DEFAULT '' NOT NULL,
	"sign_out_path" text DEFAULT '' NOT NULL,
	"sign_in_path" text DEFAULT '' NOT NULL,
	"meta_path" text DEFAULT '' NOT NULL,
	"cert" text DEFAULT '' NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_settings_single_row" CHECK ("saml_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "service_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uname" text NOT NULL,
	"template_name" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'UNPUBLISHED' NOT NULL,
	"protocol" text NOT NULL,
	"icon_file_id" uuid,
	"connector_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_templates_uname_unique" UNIQUE("uname"),
	CONSTRAINT "service_templates_status_check" CHECK ("service_templates"."status" in ('PUBLISHED', 'UNPUBLISHED')),
	CONSTRAINT "service_templates_protocol_check" CHECK ("service_templates"."protocol" in ('RADIUS', 'SAML', 'SAML2', 'OIDC', 'HTTPS', 'LDAP'))
);
--> statement-breakpoint
CREATE TABLE "vos_cloud_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cloud_url" text NOT NULL,
	"company_id" text NOT NULL,
	"company_password" text DEFAULT '' NOT NULL,
	"http_auth_mode" text NOT NULL,
	"push_pass_type" text DEFAULT '' NOT NULL,
	"notify_message_flag" integer DEFAULT 0 NOT NULL,
	"message_flag" integer DEFAULT 0 NOT NULL,
	"callback_url" text DEFAULT '' NOT NULL,
	"certificate" text DEFAULT '' NOT NULL,
	"gateway_url" text DEFAULT '' NOT NULL,
	"provisioning_url" text DEFAULT '' NOT NULL,
	"smart_token_url" text DEFAULT '' NOT NULL,
	"pki_server_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'INACTIVE' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vos_cloud_configs_auth_mode_check" CHECK ("vos_cloud_configs"."http_auth_mode" in ('DIGEST', 'BASIC', 'CLIENT_CERTIFICATE')),
	CONSTRAINT "vos_cloud_configs_flags_check" CHECK ("vos_cloud_configs"."notify_message_flag" in (0, 1) and "vos_cloud_configs"."message_flag" in (0, 1)),
	CONSTRAINT "vos_cloud_configs_status_check" CHECK ("vos_cloud_configs"."status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_templates" ADD CONSTRAINT "service_templates_icon_file_id_files_id_fk" FOREIGN KEY ("icon_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_customer_date" ON "audit_log" USING btree ("customer_id","modified_date");--> statement-breakpoint
CREATE INDEX "audit_log_table_date" ON "audit_log" USING btree ("table_name","modified_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vos_cloud_configs_one_active" ON "vos_cloud_configs" USING btree ((true)) WHERE "vos_cloud_configs"."status" = 'ACTIVE';