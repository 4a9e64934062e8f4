ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kiosk_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" IN ('cod', 'card', 'wallet', 'kiosk', 'valu'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_known" CHECK ("payments"."method" IN ('card', 'wallet', 'kiosk', 'valu'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kiosk_reference" CHECK (("payments"."kiosk_reference" IS NOT NULL) <= ("payments"."method" = 'kiosk'));