CREATE TABLE "customer_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"tag" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_tags_tag_length" CHECK (char_length("customer_tags"."tag") BETWEEN 1 AND 30 AND "customer_tags"."tag" = btrim("customer_tags"."tag")),
	CONSTRAINT "customer_tags_slot_range" CHECK ("customer_tags"."slot" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "order_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"tag" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tags_tag_length" CHECK (char_length("order_tags"."tag") BETWEEN 1 AND 30 AND "order_tags"."tag" = btrim("order_tags"."tag")),
	CONSTRAINT "order_tags_slot_range" CHECK ("order_tags"."slot" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tags" ADD CONSTRAINT "customer_tags_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tags" ADD CONSTRAINT "order_tags_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tags" ADD CONSTRAINT "order_tags_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tags_unique" ON "customer_tags" USING btree ("user_id",lower("tag"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_tags_slot_unique" ON "customer_tags" USING btree ("user_id","slot");--> statement-breakpoint
CREATE INDEX "customer_tags_tag_idx" ON "customer_tags" USING btree (lower("tag"),"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tags_unique" ON "order_tags" USING btree ("order_id",lower("tag"));--> statement-breakpoint
CREATE UNIQUE INDEX "order_tags_slot_unique" ON "order_tags" USING btree ("order_id","slot");--> statement-breakpoint
CREATE INDEX "order_tags_tag_idx" ON "order_tags" USING btree (lower("tag"),"order_id");--> statement-breakpoint
CREATE INDEX "orders_user_value_idx" ON "orders" USING btree ("user_id","status","total_piastres");