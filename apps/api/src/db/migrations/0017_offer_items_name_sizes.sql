-- An offer names the size of each product it holds; the offers there already hold their products' default sizes.
ALTER TABLE "offer_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
UPDATE offer_items x SET variant_id = v.id FROM product_variants v WHERE v.product_id = x.product_id AND v.is_default;--> statement-breakpoint
ALTER TABLE "offer_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_items" DROP CONSTRAINT "offer_items_offer_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "offer_items" ADD CONSTRAINT "offer_items_offer_id_variant_id_pk" PRIMARY KEY("offer_id","variant_id");--> statement-breakpoint
ALTER TABLE "offer_items" ADD CONSTRAINT "offer_items_variant_id_product_id_product_variants_id_product_id_fk" FOREIGN KEY ("variant_id","product_id") REFERENCES "public"."product_variants"("id","product_id") ON DELETE no action ON UPDATE no action;
