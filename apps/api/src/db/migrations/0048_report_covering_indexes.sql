DROP INDEX "order_items_order_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "payments_order_idx";--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","product_id","variant_id","size_ml","quantity","refunded_quantity","price_piastres");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","payment_method","total_piastres","discount_piastres","refunded_piastres","promotion_id","order_number");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","status","amount_piastres","refunded_piastres","id");