ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_reason_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_reason" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_known" CHECK ("stock_movements"."reason" IN ('received', 'damaged', 'correction', 'order', 'cancellation', 'return', 'order_edit'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee_reason" CHECK (char_length("orders"."delivery_fee_reason") BETWEEN 1 AND 500);