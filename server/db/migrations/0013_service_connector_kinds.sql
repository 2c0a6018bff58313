ALTER TABLE "radius_connectors" ALTER COLUMN "ip_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "service_connectors" ADD COLUMN "kind" text NOT NULL;--> statement-breakpoint
ALTER TABLE "service_connectors" ADD CONSTRAINT "service_connectors_kind_check" CHECK ("service_connectors"."kind" in ('ldap', 'ldap_2fa', 'radius', 'saml', 'oidc', 'saml2', 'https'));