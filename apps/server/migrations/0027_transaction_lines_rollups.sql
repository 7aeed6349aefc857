-- Split transactions (DESIGN §11, docs/splits.md). A split row has no category; its lines
-- (transaction_lines, 0023) carry the categories. The per-user rollups count each line as a
-- transaction of its category and type on its row's day and account; the split row itself has
-- no category, so the triggers of "transactions" leave it out of the rollups as they always
-- did, while the account balances still count the row (and never the lines).
--
-- The lines of a row add up to it, checked at commit by deferred constraint triggers: a regular
-- row has either a category and no lines, or no category and at least two lines whose signed
-- amounts (income positive) add up to its signed amount; a row of another kind has no lines.
CREATE FUNCTION "transaction_lines_verify_row"("tid" uuid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
	r record;
	n bigint;
	s bigint;
BEGIN
	SELECT "kind", "type", "amount_cents", "category_id" INTO r FROM "transactions" WHERE "id" = "tid";
	IF NOT FOUND THEN
		RETURN;
	END IF;
	SELECT count(*), coalesce(sum(CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END), 0)
	INTO n, s FROM "transaction_lines" WHERE "transaction_id" = "tid";
	IF n = 0 THEN
		IF r."kind" = 'regular' AND r."category_id" IS NULL THEN
			RAISE EXCEPTION 'transaction % has neither a category nor lines', "tid"
				USING ERRCODE = 'check_violation', CONSTRAINT = 'transaction_lines_sum_check';
		END IF;
		RETURN;
	END IF;
	IF r."kind" <> 'regular' OR r."category_id" IS NOT NULL OR n < 2
		OR s <> (CASE r."type" WHEN 'income' THEN r."amount_cents" ELSE -r."amount_cents" END) THEN
		RAISE EXCEPTION 'the lines of transaction % do not add up to it', "tid"
			USING ERRCODE = 'check_violation', CONSTRAINT = 'transaction_lines_sum_check';
	END IF;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transaction_lines_verify"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_TABLE_NAME = 'transactions' THEN
		PERFORM "transaction_lines_verify_row"(NEW."id");
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "transaction_lines_verify_row"(OLD."transaction_id");
	ELSE
		PERFORM "transaction_lines_verify_row"(NEW."transaction_id");
		IF TG_OP = 'UPDATE' AND OLD."transaction_id" <> NEW."transaction_id" THEN
			PERFORM "transaction_lines_verify_row"(OLD."transaction_id");
		END IF;
	END IF;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transaction_lines_verify" AFTER INSERT OR UPDATE OR DELETE ON "transaction_lines"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "transaction_lines_verify"();
--> statement-breakpoint
-- On "transactions" only rows that are or were split (regular without a category) are checked:
-- a bulk write of ordinary rows (a reconciliation, an import) runs no check per row.
CREATE CONSTRAINT TRIGGER "transactions_lines_verify_insert" AFTER INSERT ON "transactions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW."kind" = 'regular' AND NEW."category_id" IS NULL)
EXECUTE FUNCTION "transaction_lines_verify"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_lines_verify_update" AFTER UPDATE ON "transactions"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((NEW."kind" = 'regular' AND NEW."category_id" IS NULL) OR (OLD."kind" = 'regular' AND OLD."category_id" IS NULL))
EXECUTE FUNCTION "transaction_lines_verify"();
--> statement-breakpoint
-- The rollups of the lines, by the same function as the rows' (0015): statement-level, in the
-- same database transaction as every write of lines. A row's new date or account reaches its
-- lines through the foreign key's ON UPDATE CASCADE, whose update of the lines moves their totals
-- here; a row's delete reaches them through ON DELETE CASCADE.
CREATE FUNCTION "transaction_lines_totals_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg("account_id"), array_agg(s), array_agg(k))
	FROM (SELECT "user_id", "date", "type", "category_id", "account_id", sum("amount_cents")::bigint AS s, count(*) AS k
		FROM new_rows GROUP BY 1, 2, 3, 4, 5) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transaction_lines_totals_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg("account_id"), array_agg(s), array_agg(k))
	FROM (SELECT "user_id", "date", "type", "category_id", "account_id", -sum("amount_cents")::bigint AS s, -count(*) AS k
		FROM old_rows GROUP BY 1, 2, 3, 4, 5) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transaction_lines_totals_on_update"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF NOT EXISTS (
		SELECT "user_id", "account_id", "date", "type", "category_id", "amount_cents" FROM new_rows
		EXCEPT ALL
		SELECT "user_id", "account_id", "date", "type", "category_id", "amount_cents" FROM old_rows
	) THEN
		RETURN NULL;
	END IF;
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg("account_id"), array_agg(s), array_agg(k))
	FROM (
		SELECT "user_id", "date", "type", "category_id", "account_id", sum(a)::bigint AS s, sum(n)::bigint AS k
		FROM (
			SELECT "user_id", "date", "type", "category_id", "account_id", "amount_cents" AS a, 1 AS n FROM new_rows
			UNION ALL
			SELECT "user_id", "date", "type", "category_id", "account_id", -"amount_cents", -1 FROM old_rows
		) AS both_sides
		GROUP BY 1, 2, 3, 4, 5
		HAVING sum(a) <> 0 OR sum(n) <> 0
	) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "transaction_lines_totals_insert" AFTER INSERT ON "transaction_lines"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_lines_totals_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "transaction_lines_totals_update" AFTER UPDATE ON "transaction_lines"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_lines_totals_on_update"();
--> statement-breakpoint
CREATE TRIGGER "transaction_lines_totals_delete" AFTER DELETE ON "transaction_lines"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_lines_totals_on_delete"();
