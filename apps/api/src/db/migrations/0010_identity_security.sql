ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_phone" text;--> statement-breakpoint
UPDATE "orders" o SET "customer_phone" = coalesce(o."guest_phone", (SELECT u."phone" FROM "users" u WHERE u."id" = o."user_id" AND u."phone_verified"));--> statement-breakpoint
CREATE INDEX "orders_customer_phone_idx" ON "orders" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "orders_guest_phone_idx" ON "orders" USING btree ("guest_phone");
--> statement-breakpoint
ALTER TABLE "offline_orders" ADD COLUMN "claim_code_hash" text;
