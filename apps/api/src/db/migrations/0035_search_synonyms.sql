CREATE TABLE "search_synonym_words" (
	"word" text PRIMARY KEY NOT NULL,
	"synonym_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"words" text[] NOT NULL,
	"replacement" text[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_kind_shape" CHECK (("search_synonyms"."kind" = 'group' AND "search_synonyms"."replacement" IS NULL AND cardinality("search_synonyms"."words") BETWEEN 2 AND 10)
        OR ("search_synonyms"."kind" = 'replacement' AND cardinality("search_synonyms"."words") = 1 AND cardinality("search_synonyms"."replacement") BETWEEN 1 AND 5)),
	CONSTRAINT "search_synonyms_word_length" CHECK (array_to_string("search_synonyms"."words", ' ', '') ~ '^[^ ]{1,40}( [^ ]{1,40})*$'
        AND ("search_synonyms"."replacement" IS NULL OR array_to_string("search_synonyms"."replacement", ' ', '') ~ '^[^ ]{1,40}( [^ ]{1,40})*$'))
);
--> statement-breakpoint
ALTER TABLE "search_synonym_words" ADD CONSTRAINT "search_synonym_words_synonym_id_search_synonyms_id_fk" FOREIGN KEY ("synonym_id") REFERENCES "public"."search_synonyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_synonym_words_synonym_idx" ON "search_synonym_words" USING btree ("synonym_id");