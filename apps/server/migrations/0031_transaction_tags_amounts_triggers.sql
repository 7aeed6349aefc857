-- Spending by tag without joining the rows (docs/tags.md, DESIGN §11). Each link of
-- "transaction_tags" carries copies of its row's date and type and the amount the row counts
-- with in per-tag totals: its amount when it counts as income or expense (a row with a category,
-- or a split row, whose signed lines add up to it by 0027's check), null otherwise (a transfer
-- leg, an opening or adjustment row). They are never written by code:
--   * "transaction_tags_fill" (BEFORE INSERT OR UPDATE, per link) derives all three from the row,
--     whatever the statement wrote into them;
--   * "transactions_tags_refill" (AFTER UPDATE, per statement)
--     rewrites the links of every row whose date, type, amount, category or kind changed, in the
--     same database transaction, which derives them again.
-- A row's delete removes its links (ON DELETE CASCADE). So every stored copy equals the
-- derivation from the row; src/modules/tags/tag-amounts.property.test.ts recomputes it.
CREATE FUNCTION "transaction_tags_fill"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	SELECT t."date", t."type",
		CASE WHEN t."category_id" IS NOT NULL OR t."kind" = 'regular' THEN t."amount_cents" END
	INTO NEW."date", NEW."type", NEW."amount_cents"
	FROM "transactions" t WHERE t."id" = NEW."transaction_id";
	RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "transaction_tags_fill" BEFORE INSERT OR UPDATE ON "transaction_tags"
FOR EACH ROW EXECUTE FUNCTION "transaction_tags_fill"();
--> statement-breakpoint
CREATE FUNCTION "transactions_tags_refill"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	UPDATE "transaction_tags" tt SET "date" = NULL
	FROM new_rows n JOIN old_rows o ON o."id" = n."id"
	WHERE tt."transaction_id" = n."id"
		AND (n."date", n."type", n."amount_cents", n."category_id" IS NULL, n."kind")
			IS DISTINCT FROM (o."date", o."type", o."amount_cents", o."category_id" IS NULL, o."kind");
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- (A trigger with transition tables cannot name columns: every update statement runs it, and
-- the join of its old and new rows picks the changed ones.)
CREATE TRIGGER "transactions_tags_refill" AFTER UPDATE ON "transactions"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_tags_refill"();
--> statement-breakpoint
-- The links that exist already.
UPDATE "transaction_tags" SET "date" = NULL;
