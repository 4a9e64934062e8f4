DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_piastres","id");--> statement-breakpoint
CREATE INDEX "orders_region_status_idx" ON "orders" USING btree ("region_id","status");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"payment_method","status") WHERE "orders"."paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree (upper("promo_code")) WHERE "orders"."promo_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Paid: a card payment went through (even if refunded since), or the courier collected the cash on delivery.
UPDATE orders ord SET paid_at = pay.at FROM (
  SELECT order_id, min(updated_at) AS at FROM payments WHERE status IN ('paid', 'refund_pending', 'refunded') GROUP BY order_id
) pay WHERE pay.order_id = ord.id AND ord.payment_method = 'card';--> statement-breakpoint
UPDATE orders SET paid_at = coalesce(delivered_at, updated_at) WHERE payment_method = 'cod' AND status IN ('delivered', 'refunded');--> statement-breakpoint
CREATE FUNCTION orders_paid_by_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET paid_at = now() WHERE id = NEW.order_id AND paid_at IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_mark_order_paid AFTER INSERT OR UPDATE OF status ON payments
  FOR EACH ROW WHEN (NEW.status IN ('paid', 'refund_pending', 'refunded')) EXECUTE FUNCTION orders_paid_by_card();--> statement-breakpoint
CREATE FUNCTION orders_paid_in_cash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.paid_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_mark_paid_in_cash BEFORE INSERT OR UPDATE OF status ON orders
  FOR EACH ROW WHEN (NEW.payment_method = 'cod' AND NEW.status IN ('delivered', 'refunded') AND NEW.paid_at IS NULL)
  EXECUTE FUNCTION orders_paid_in_cash();--> statement-breakpoint
-- The board's search by e-mail finds accounts by any part of their address.
CREATE INDEX IF NOT EXISTS users_email_trgm ON users USING gin (email gin_trgm_ops);
