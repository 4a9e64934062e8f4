-- The points ledger is append-only: history is never rewritten, a correction is a new entry.
CREATE OR REPLACE FUNCTION attar_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_append_only BEFORE UPDATE OR DELETE ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION attar_refuse_change();
--> statement-breakpoint
-- Order numbers people can read out on the phone: AT100001, AT100002, …
CREATE SEQUENCE IF NOT EXISTS order_number_seq START 100001;
