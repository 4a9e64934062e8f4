CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "catalogue_imports_status_known" CHECK ("catalogue_imports"."status" IN ('validating', 'invalid', 'applying', 'applied', 'failed')),
	CONSTRAINT "catalogue_imports_progress" CHECK ("catalogue_imports"."rows_done" BETWEEN 0 AND "catalogue_imports"."rows_total")
);
--> statement-breakpoint
CREATE TABLE "info_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_key_unique" UNIQUE("key"),
	CONSTRAINT "media_uploads_dimensions" CHECK ("media_uploads"."bytes" > 0 AND "media_uploads"."width" > 0 AND "media_uploads"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "offer_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"image" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"alt_en" text DEFAULT '' NOT NULL,
	"alt_ar" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_categories" (
	"promotion_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "promotion_categories_promotion_id_category_id_pk" PRIMARY KEY("promotion_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"promotion_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "promotion_products_promotion_id_product_id_pk" PRIMARY KEY("promotion_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "promotions" DROP CONSTRAINT "promotions_percent_range";--> statement-breakpoint
ALTER TABLE "promotions" ALTER COLUMN "percent_discount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD COLUMN "purchased_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "offline_orders" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "alt_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "alt_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "discount_kind" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "amount_piastres" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "min_order_piastres" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "point_value_piastres" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "piastres_per_point" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "whatsapp_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "alt_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sliders" ADD COLUMN "alt_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_images" ADD CONSTRAINT "offer_images_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_categories" ADD CONSTRAINT "promotion_categories_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_categories" ADD CONSTRAINT "promotion_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_products" ADD CONSTRAINT "promotion_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_images_offer_idx" ON "offer_images" USING btree ("offer_id","position");--> statement-breakpoint
ALTER TABLE "offline_orders" ADD CONSTRAINT "offline_orders_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_discount_shape" CHECK (("promotions"."discount_kind" = 'percent' AND "promotions"."percent_discount" BETWEEN 1 AND 100 AND "promotions"."amount_piastres" IS NULL)
        OR ("promotions"."discount_kind" = 'amount' AND "promotions"."amount_piastres" > 0 AND "promotions"."percent_discount" IS NULL));--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_min_order_nonnegative" CHECK ("promotions"."min_order_piastres" >= 0);--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_loyalty_rates_positive" CHECK ("site_config"."point_value_piastres" > 0 AND "site_config"."piastres_per_point" > 0);--> statement-breakpoint
ALTER TABLE "sliders" ADD CONSTRAINT "sliders_window" CHECK ("sliders"."ends_at" IS NULL OR "sliders"."starts_at" IS NULL OR "sliders"."ends_at" > "sliders"."starts_at");