CREATE TABLE "delivery_holidays" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_earliest" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_latest" date;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "delivery_min_days" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "delivery_max_days" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "delivery_cutoff" time DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "delivery_days_off" smallint[] DEFAULT '{5}' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promise" CHECK (("orders"."promised_earliest" IS NULL AND "orders"."promised_latest" IS NULL) OR "orders"."promised_latest" >= "orders"."promised_earliest");--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_delivery_days" CHECK ("regions"."delivery_min_days" >= 0 AND "regions"."delivery_max_days" >= "regions"."delivery_min_days" AND "regions"."delivery_max_days" <= 30);--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_delivery_days_off" CHECK ("site_config"."delivery_days_off" <@ '{0,1,2,3,4,5,6}'::smallint[] AND NOT '{0,1,2,3,4,5,6}'::smallint[] <@ "site_config"."delivery_days_off");--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_delivery_cutoff_minutes" CHECK (extract(second FROM "site_config"."delivery_cutoff") = 0);--> statement-breakpoint
-- Governorates already seeded get the shop's delivery times (regions-data.ts seeds new ones the same way).
UPDATE "regions" SET "delivery_min_days" = d."min_days", "delivery_max_days" = d."max_days"
FROM (VALUES ('cairo', 1, 2), ('giza', 1, 2), ('qalyubia', 2, 3), ('alexandria', 2, 3),
  ('port-said', 2, 4), ('suez', 2, 4), ('ismailia', 2, 4), ('damietta', 2, 4), ('dakahlia', 2, 4), ('sharqia', 2, 4),
  ('gharbia', 2, 4), ('monufia', 2, 4), ('kafr-el-sheikh', 2, 4), ('beheira', 2, 4),
  ('faiyum', 3, 5), ('beni-suef', 3, 5), ('minya', 3, 5), ('asyut', 3, 5), ('sohag', 3, 5),
  ('qena', 4, 6), ('luxor', 4, 6), ('aswan', 4, 6),
  ('red-sea', 5, 7), ('new-valley', 5, 7), ('matrouh', 5, 7), ('north-sinai', 5, 7), ('south-sinai', 5, 7))
  AS d("slug", "min_days", "max_days")
WHERE "regions"."slug" = d."slug";
