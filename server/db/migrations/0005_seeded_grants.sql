CREATE TABLE "seeded_grants" (
	"role_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "seeded_grants_role_id_resource_action_pk" PRIMARY KEY("role_id","resource","action")
);
--> statement-breakpoint
ALTER TABLE "seeded_grants" ADD CONSTRAINT "seeded_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now the seed gave the built-in roles every permission of the catalogue at each start: record all of
-- them as given, so that what an operator took away since the last start stays taken away.
INSERT INTO "seeded_grants" ("role_id", "resource", "action")
SELECT r."id", a."resource_type", action
FROM "roles" r
JOIN "assets" a ON true
JOIN "permission_resources" p ON p."name" = a."resource_type"
CROSS JOIN LATERAL unnest(a."actions") AS action
WHERE r."customer_id" IS NULL
  AND (r."name" = 'provider_admin' OR (r."name" = 'customer_admin' AND p."scope" <> 'provider'))
ON CONFLICT DO NOTHING;
