CREATE TABLE "order_status_counts" (
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_status_counts_change" CHECK ("order_status_counts"."orders" <> 0)
);
--> statement-breakpoint
DROP INDEX "orders_region_status_idx";--> statement-breakpoint
CREATE INDEX "orders_region_status_method_idx" ON "orders" USING btree ("region_id","status","payment_method");--> statement-breakpoint
-- Inserts and deletes add one row per status they touch (statement-level, so a bulk insert adds a few rows, not one
-- per order); a status change adds its −1 and +1; emptying the orders empties the counts.
CREATE FUNCTION order_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, orders)
  SELECT status, CASE TG_OP WHEN 'INSERT' THEN count(*) ELSE -count(*) END FROM changed GROUP BY status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_count_added AFTER INSERT ON orders REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_changed();--> statement-breakpoint
CREATE TRIGGER orders_count_removed AFTER DELETE ON orders REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_changed();--> statement-breakpoint
CREATE FUNCTION order_status_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_status_counts (status, orders) VALUES (OLD.status, -1), (NEW.status, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_count_moved AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION order_status_counts_moved();--> statement-breakpoint
CREATE FUNCTION order_status_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_count_emptied AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_emptied();--> statement-breakpoint
-- The orders already there, counted while the triggers' creation holds off writers until this migration commits.
INSERT INTO order_status_counts (status, orders) SELECT status, count(*) FROM orders GROUP BY status;
--> statement-breakpoint
-- The back office's products list finds text in either name, the slug or a SKU (the command palette asks it as a
-- member types): each on its trigram index rather than reading every product.
CREATE INDEX products_name_en_trgm ON products USING gin (name_en gin_trgm_ops);--> statement-breakpoint
CREATE INDEX products_name_ar_trgm ON products USING gin (name_ar gin_trgm_ops);--> statement-breakpoint
CREATE INDEX products_slug_trgm ON products USING gin (slug gin_trgm_ops);--> statement-breakpoint
CREATE INDEX product_variants_sku_trgm ON product_variants USING gin (sku gin_trgm_ops);
