-- Every staff change is an audit row (audit/service.ts): its transaction tells every API instance, on commit, that what
-- the storefront shows may have changed, and each drops its micro-cached answers (http/catalogue-changes.ts). Orders
-- and stock moves do not: they are not staff edits, and the cart and checkout check stock again anyway.
CREATE FUNCTION attar_notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('attar_catalogue_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_catalogue_changed AFTER INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION attar_notify_catalogue_changed();
