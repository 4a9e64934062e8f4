CREATE TABLE "searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"query" text NOT NULL,
	"locale" text NOT NULL,
	"result_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clicked_product_id" integer,
	"clicked_at" timestamp with time zone,
	CONSTRAINT "searches_query_length" CHECK (char_length("searches"."query") BETWEEN 1 AND 200),
	CONSTRAINT "searches_locale_known" CHECK ("searches"."locale" IN ('en', 'ar')),
	CONSTRAINT "searches_result_count_nonnegative" CHECK ("searches"."result_count" >= 0),
	CONSTRAINT "searches_click_when" CHECK ("searches"."clicked_product_id" IS NULL OR "searches"."clicked_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "search_retention_days" smallint DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_clicked_product_id_products_id_fk" FOREIGN KEY ("clicked_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_created_at_idx" ON "searches" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_search_retention_days" CHECK ("site_config"."search_retention_days" BETWEEN 1 AND 730);