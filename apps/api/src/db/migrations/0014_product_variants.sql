CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"sku" text NOT NULL,
	"price_piastres" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price_piastres" >= 0),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_size" ON "product_variants" USING btree ("product_id","size_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_one_default" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."is_default";--> statement-breakpoint
-- Every size a product listed becomes a size of its own. The product's one price and stock were its largest size's
-- (the flagship bottle): the other sizes start at that price with no stock, for staff to price and stock.
INSERT INTO product_variants (product_id, size_id, sku, price_piastres, stock, is_default)
SELECT ps.product_id, ps.size_id, 'AT' || lpad(p.id::text, 5, '0') || '-' || s.ml, p.price_piastres,
  CASE WHEN s.ml = largest.ml THEN p.stock ELSE 0 END, s.ml = largest.ml
FROM product_sizes ps
JOIN products p ON p.id = ps.product_id
JOIN sizes s ON s.id = ps.size_id
JOIN LATERAL (SELECT max(s2.ml) AS ml FROM product_sizes ps2 JOIN sizes s2 ON s2.id = ps2.size_id WHERE ps2.product_id = ps.product_id) largest ON true;--> statement-breakpoint
-- The product row mirrors its default size: listings sort and filter on it, and the API's `price` and `stock` are it.
CREATE FUNCTION products_mirror_default_size() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET price_piastres = NEW.price_piastres, stock = NEW.stock
  WHERE id = NEW.product_id AND (price_piastres, stock) IS DISTINCT FROM (NEW.price_piastres, NEW.stock);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_mirror_default AFTER INSERT OR UPDATE OF price_piastres, stock, is_default ON product_variants
  FOR EACH ROW WHEN (NEW.is_default) EXECUTE FUNCTION products_mirror_default_size();--> statement-breakpoint
-- Only that mirror may change them: a direct write of a product's price or stock would part it from its sizes.
CREATE FUNCTION products_price_stock_from_sizes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'a product''s price and stock are its default size''s: change product_variants';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_price_stock_mirrored BEFORE UPDATE OF price_piastres, stock ON products
  FOR EACH ROW WHEN ((OLD.price_piastres, OLD.stock) IS DISTINCT FROM (NEW.price_piastres, NEW.stock))
  EXECUTE FUNCTION products_price_stock_from_sizes();
