-- The audit log keeps each entry's record name and the name of who made the change, as they were when it
-- was written (older entries have neither: they read by the record's id and the email).
-- HTTPS connector names become unique in their customer, ignoring case, as the other connectors' are: the
-- later duplicates of a name are renamed first, "Installer API (2)", "(3)"…, skipping a name already taken.
DO $$
DECLARE
  duplicate record;
  n integer;
  candidate text;
BEGIN
  FOR duplicate IN
    SELECT id, customer_id, name, rank
    FROM (
      SELECT id, customer_id, name,
        row_number() OVER (PARTITION BY customer_id, lower(name) ORDER BY created_date, id) AS rank
      FROM https_connectors
    ) numbered
    WHERE rank > 1
    ORDER BY customer_id, lower(name), rank
  LOOP
    n := duplicate.rank;
    LOOP
      candidate := duplicate.name || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM https_connectors
        WHERE customer_id = duplicate.customer_id AND lower(name) = lower(candidate)
      );
      n := n + 1;
    END LOOP;
    UPDATE https_connectors SET name = candidate, last_modified_date = now() WHERE id = duplicate.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "entity_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "modified_by_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "https_connectors_customer_name_unique" ON "https_connectors" USING btree ("customer_id",lower("name"));