-- What the gateway keeps in memory between sign-ins (server/db/changes.ts): the RADIUS connectors, the services
-- they serve, and the users with their bypass, trusted networks, apps and seeds. A statement that changes one
-- of those tables sends a notice on the channel `gateway_changes` when its transaction commits, and every
-- server forgets what it kept. The gateway's own writes (a code's use, a device's counters) are updates of
-- otp_codes and user_devices, which change nothing kept: only their inserts and deletes notify.
CREATE OR REPLACE FUNCTION gateway_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('gateway_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON token_packs FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON white_list_ips FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_instances FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_connectors FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_users FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON radius_connectors FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON directories FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR DELETE OR TRUNCATE ON otp_codes FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR DELETE OR TRUNCATE ON user_devices FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
