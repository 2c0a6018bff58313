CREATE TABLE "service_connectors" (
	"service_instance_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"connector_id" uuid NOT NULL,
	CONSTRAINT "service_connectors_service_instance_id_type_id_pk" PRIMARY KEY("service_instance_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "service_users" (
	"service_instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"list" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_users_service_instance_id_list_user_id_pk" PRIMARY KEY("service_instance_id","list","user_id"),
	CONSTRAINT "service_users_list_check" CHECK ("service_users"."list" in ('BYPASS', 'SEAMLESS'))
);
--> statement-breakpoint
CREATE TABLE "white_list_ips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_pack_id" uuid NOT NULL,
	"ip" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_instances" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "service_instances" ADD COLUMN "remember_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "token_packs" ADD COLUMN "icon_file_id" uuid;--> statement-breakpoint
ALTER TABLE "token_packs" ADD COLUMN "feature_image_file_id" uuid;--> statement-breakpoint
ALTER TABLE "token_packs" ADD COLUMN "primary_directory_id" uuid;--> statement-breakpoint
ALTER TABLE "service_connectors" ADD CONSTRAINT "service_connectors_service_instance_id_service_instances_id_fk" FOREIGN KEY ("service_instance_id") REFERENCES "public"."service_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_connectors" ADD CONSTRAINT "service_connectors_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_service_instance_id_service_instances_id_fk" FOREIGN KEY ("service_instance_id") REFERENCES "public"."service_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_users" ADD CONSTRAINT "service_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_list_ips" ADD CONSTRAINT "white_list_ips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "white_list_ips" ADD CONSTRAINT "white_list_ips_token_pack_id_token_packs_id_fk" FOREIGN KEY ("token_pack_id") REFERENCES "public"."token_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_connectors_connector_idx" ON "service_connectors" USING btree ("type_id","connector_id");--> statement-breakpoint
CREATE INDEX "service_users_user_idx" ON "service_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "white_list_ips_pack_ip_idx" ON "white_list_ips" USING btree ("token_pack_id","ip");--> statement-breakpoint
ALTER TABLE "service_instances" ADD CONSTRAINT "service_instances_service_template_id_service_templates_id_fk" FOREIGN KEY ("service_template_id") REFERENCES "public"."service_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_icon_file_id_files_id_fk" FOREIGN KEY ("icon_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_feature_image_file_id_files_id_fk" FOREIGN KEY ("feature_image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_primary_directory_id_directories_id_fk" FOREIGN KEY ("primary_directory_id") REFERENCES "public"."directories"("id") ON DELETE set null ON UPDATE no action;