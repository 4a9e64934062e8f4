ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;
