ALTER TABLE "recurring_transactions" ADD COLUMN "last_booked" date;--> statement-breakpoint
UPDATE "recurring_transactions" AS r SET "last_booked" = coalesce(
  (SELECT t."date" FROM "transactions" AS t WHERE t."recurring_id" = r."id" AND t."occurrence_date" = r."last_generated" LIMIT 1),
  r."last_generated"
) WHERE r."last_generated" IS NOT NULL;
