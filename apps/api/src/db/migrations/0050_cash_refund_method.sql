ALTER TABLE "order_refunds" ADD COLUMN "cash_method" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "cash_reference" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_cash_method" CHECK ("order_refunds"."cash_method" IS NULL OR ("order_refunds"."amount_piastres" > 0 AND "order_refunds"."cash_method" IN ('counter', 'courier', 'wallet', 'instapay', 'bank')));--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_cash_reference" CHECK (("order_refunds"."cash_reference" IS NOT NULL AND length("order_refunds"."cash_reference") BETWEEN 1 AND 100) = coalesce("order_refunds"."cash_method" IN ('wallet', 'instapay', 'bank'), false));--> statement-breakpoint
-- A cash order's refund of money says how the cash went back; an online order's money goes back through its gateway.
-- (Refunds recorded before this migration stay as they were: the trigger sees new rows only.)
CREATE FUNCTION order_refunds_cash_method_known() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT payment_method = 'cod' FROM orders WHERE id = NEW.order_id) THEN
    IF NEW.amount_piastres > 0 AND NEW.cash_method IS NULL THEN
      RAISE EXCEPTION 'a cash order''s refund says how the cash went back' USING ERRCODE = 'check_violation';
    END IF;
  ELSIF NEW.cash_method IS NOT NULL THEN
    RAISE EXCEPTION 'an online order''s refund goes back through its gateway' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_refunds_cash_method_known BEFORE INSERT ON order_refunds
  FOR EACH ROW EXECUTE FUNCTION order_refunds_cash_method_known();
