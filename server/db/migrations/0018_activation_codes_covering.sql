-- The activation codes list at 100,000 codes: the page, its status and expiry filters and its total are read
-- from this index alone (an index-only scan, once VACUUM has marked the pages: see tidyCodes).
DROP INDEX IF EXISTS "activation_codes_pack_username_idx";--> statement-breakpoint
CREATE INDEX "activation_codes_pack_username_idx" ON "activation_codes" USING btree ("token_pack_id","username","id") INCLUDE ("status","expire_date","customer_id");
