-- The customers list's search looks in one lower-case column (a LIKE on it), as the users list's does:
-- an ILIKE on each of company_name and contact_email cost about five times as much on the embedded database.
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(company_name || ' ' || contact_email)) STORED;
