CREATE TABLE "processor_accounts" (
	"customer_id" uuid NOT NULL,
	"processor" text NOT NULL,
	"reference" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processor_accounts_customer_id_processor_pk" PRIMARY KEY("customer_id","processor")
);
--> statement-breakpoint
ALTER TABLE "processor_accounts" ADD CONSTRAINT "processor_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;