ALTER TABLE "orders" ADD COLUMN "gift_wrap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_wrap_fee_piastres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "gift_wrap_fee_piastres" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_wrap_fee" CHECK ("orders"."gift_wrap_fee_piastres" >= 0 AND ("orders"."gift_wrap" OR "orders"."gift_wrap_fee_piastres" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_message_length" CHECK (char_length("orders"."gift_message") BETWEEN 1 AND 300);--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_gift_wrap_fee_nonnegative" CHECK ("site_config"."gift_wrap_fee_piastres" >= 0);