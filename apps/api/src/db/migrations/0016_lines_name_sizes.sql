CREATE UNIQUE INDEX "product_variants_id_product" ON "product_variants" USING btree ("id","product_id");--> statement-breakpoint
-- Cart lines and order lines name the size; the lines there already are the product's default size.
ALTER TABLE "cart_product_lines" ADD COLUMN "variant_id" integer;--> statement-breakpoint
UPDATE cart_product_lines l SET variant_id = v.id FROM product_variants v WHERE v.product_id = l.product_id AND v.is_default;--> statement-breakpoint
DELETE FROM cart_product_lines WHERE variant_id IS NULL;--> statement-breakpoint
ALTER TABLE "cart_product_lines" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
DROP INDEX "cart_product_lines_user_product";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_product_lines_user_variant" ON "cart_product_lines" USING btree ("user_id","variant_id");--> statement-breakpoint
ALTER TABLE "cart_product_lines" ADD CONSTRAINT "cart_product_lines_variant_id_product_id_product_variants_id_product_id_fk" FOREIGN KEY ("variant_id","product_id") REFERENCES "public"."product_variants"("id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size_ml" integer;--> statement-breakpoint
UPDATE order_items oi SET variant_id = v.id, size_ml = s.ml FROM product_variants v JOIN sizes s ON s.id = v.size_id
WHERE v.product_id = oi.product_id AND v.is_default;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_id_product_variants_id_product_id_fk" FOREIGN KEY ("variant_id","product_id") REFERENCES "public"."product_variants"("id","product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_size_of_product" CHECK (("order_items"."variant_id" IS NULL) = ("order_items"."product_id" IS NULL));
