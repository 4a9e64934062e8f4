CREATE TABLE "cart_extras" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"gift_wrap" boolean DEFAULT false NOT NULL,
	"gift_message" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_extras_gift_message_length" CHECK (char_length("cart_extras"."gift_message") <= 300),
	CONSTRAINT "cart_extras_notes_length" CHECK (char_length("cart_extras"."notes") <= 500)
);
--> statement-breakpoint
ALTER TABLE "cart_extras" ADD CONSTRAINT "cart_extras_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;