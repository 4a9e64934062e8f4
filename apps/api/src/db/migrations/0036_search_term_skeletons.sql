ALTER TABLE "search_terms" ADD COLUMN "skeleton" text;--> statement-breakpoint
CREATE INDEX "search_terms_skeleton_idx" ON "search_terms" USING btree ("skeleton");--> statement-breakpoint
-- The existing Arabic terms' skeletons, as catalog/search.ts arabicSkeleton reduces them (refreshSearchIndex writes new ones).
UPDATE "search_terms" SET "skeleton" = translate("term", 'حصطضظذثقةاويىءعئؤأإآ', 'هستدزدتكه') WHERE "term" ~ '[ء-ي]';
