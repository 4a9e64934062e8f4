CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_member_id" integer,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"search" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_views_list_known" CHECK ("saved_views"."list" IN ('orders')),
	CONSTRAINT "saved_views_name_length" CHECK (char_length("saved_views"."name") BETWEEN 1 AND 60 AND "saved_views"."name" = btrim("saved_views"."name")),
	CONSTRAINT "saved_views_search_object" CHECK (jsonb_typeof("saved_views"."search") = 'object')
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_staff_member_id_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_name_unique" ON "saved_views" USING btree (coalesce("staff_member_id", 0),"list",lower("name"));