CREATE TABLE "payment_links" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"first_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sends" smallint DEFAULT 1 NOT NULL,
	"staff_id" integer,
	CONSTRAINT "payment_links_expiry" CHECK ("payment_links"."expires_at" > "payment_links"."first_sent_at"),
	CONSTRAINT "payment_links_sends" CHECK ("payment_links"."sends" >= 1),
	CONSTRAINT "payment_links_sent_order" CHECK ("payment_links"."last_sent_at" >= "payment_links"."first_sent_at")
);
--> statement-breakpoint
ALTER TABLE "site_config" ADD COLUMN "payment_link_hours" smallint DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_config" ADD CONSTRAINT "site_config_payment_link_hours" CHECK ("site_config"."payment_link_hours" BETWEEN 1 AND 168);