-- Two starts at once could leave two open reconciliations of one account; an open one changed
-- nothing (finishing writes the rows), so all but the newest go before the index is made.
DELETE FROM "reconciliations" AS r USING "reconciliations" AS o
WHERE r."account_id" = o."account_id" AND r."state" = 'open' AND o."state" = 'open'
	AND (r."created_at", r."id") < (o."created_at", o."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_one_open_key" ON "reconciliations" USING btree ("account_id") WHERE "reconciliations"."state" = 'open';
