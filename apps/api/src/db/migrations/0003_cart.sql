CREATE TABLE "cart_offer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_offer_lines_quantity_positive" CHECK ("cart_offer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "cart_product_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_product_lines_quantity_positive" CHECK ("cart_product_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "wish_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_offer_lines" ADD CONSTRAINT "cart_offer_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_offer_lines" ADD CONSTRAINT "cart_offer_lines_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_product_lines" ADD CONSTRAINT "cart_product_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_product_lines" ADD CONSTRAINT "cart_product_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_entries" ADD CONSTRAINT "wish_list_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_list_entries" ADD CONSTRAINT "wish_list_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_offer_lines_user_offer" ON "cart_offer_lines" USING btree ("user_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_product_lines_user_product" ON "cart_product_lines" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wish_list_user_product" ON "wish_list_entries" USING btree ("user_id","product_id");