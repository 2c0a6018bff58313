DROP INDEX "audit_log_customer_date";--> statement-breakpoint
DROP INDEX "audit_log_table_date";--> statement-breakpoint
CREATE INDEX "audit_log_customer_date_id" ON "audit_log" USING btree ("customer_id","modified_date","id");--> statement-breakpoint
CREATE INDEX "audit_log_customer_table_date" ON "audit_log" USING btree ("customer_id","table_name","modified_date");--> statement-breakpoint
CREATE INDEX "audit_log_customer_entity_date" ON "audit_log" USING btree ("customer_id","entity_id","modified_date");