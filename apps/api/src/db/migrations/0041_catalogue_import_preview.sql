ALTER TABLE "catalogue_imports" DROP CONSTRAINT "catalogue_imports_status_known";--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "refused" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "new_products" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "applied_by" integer;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "undone_by" integer;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_applied_by_staff_members_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_undone_by_staff_members_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_recent_idx" ON "catalogue_imports" USING btree ("created_at");--> statement-breakpoint
-- Imports from before previews: one left "applying" never finished, one applied was applied when it finished (with
-- no outcome kept, it cannot be undone).
UPDATE "catalogue_imports" SET "status" = 'failed' WHERE "status" = 'applying';--> statement-breakpoint
UPDATE "catalogue_imports" SET "applied_at" = coalesce("finished_at", "created_at"), "applied_by" = "staff_id" WHERE "status" = 'applied';--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_applied_stamped" CHECK (("catalogue_imports"."status" IN ('applied', 'undone')) = ("catalogue_imports"."applied_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_undone_stamped" CHECK (("catalogue_imports"."status" = 'undone') = ("catalogue_imports"."undone_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_status_known" CHECK ("catalogue_imports"."status" IN ('validating', 'invalid', 'previewed', 'discarded', 'applied', 'undone', 'failed'));