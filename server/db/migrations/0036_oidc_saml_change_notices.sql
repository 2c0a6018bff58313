-- The web sign-in keeps what it reads of the OIDC clients (oidc-provider asks for the client at every call)
-- and of the SAML 2.0 connectors (by URL suffix, at every request) as the RADIUS server keeps its connectors
-- (migration 0031): a statement that changes one of them sends a notice, and every server forgets them.
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON oidc_clients FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
--> statement-breakpoint
CREATE TRIGGER gateway_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON saml2_connectors FOR EACH STATEMENT EXECUTE FUNCTION gateway_changed();
