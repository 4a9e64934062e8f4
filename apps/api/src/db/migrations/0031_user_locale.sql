ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" IN ('en', 'ar'));--> statement-breakpoint
-- Until now only orders knew a shopper's language: an existing account takes that of its latest order.
UPDATE "users" u SET "locale" = o."locale"
FROM (SELECT DISTINCT ON ("user_id") "user_id", "locale" FROM "orders" WHERE "user_id" IS NOT NULL ORDER BY "user_id", "created_at" DESC, "id" DESC) o
WHERE o."user_id" = u."id";
