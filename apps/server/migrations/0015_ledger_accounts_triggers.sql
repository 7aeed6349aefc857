-- The ledger's rollups with accounts (DESIGN §10): the per-user totals gain the account
-- dimension and count only rows with a category (transfers, opening and adjustment rows are
-- never income or expense); per-account daily balances (all rows, and cleared rows) are new; a
-- finished reconciliation whose cleared balance moves is marked broken (and heals when it
-- returns). All kept by statement-level triggers in the same database transaction as every write
-- to "transactions", whichever code path writes. 0014 dropped the old triggers and holds the lock.
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DROP FUNCTION "transactions_totals_on_insert"();
--> statement-breakpoint
DROP FUNCTION "transactions_totals_on_update"();
--> statement-breakpoint
DROP FUNCTION "transactions_totals_on_delete"();
--> statement-breakpoint
DROP FUNCTION "transaction_totals_add"(uuid[], date[], text[], uuid[], bigint[], bigint[]);
--> statement-breakpoint
-- Adds signed changes (one element per user, day, type, category and account) to both tables.
-- Writers take a per-user advisory lock first (in user order), so two transactions of one user
-- never lock rows in opposite orders. Rows whose count falls to zero are removed.
CREATE FUNCTION "transaction_totals_add"(
	"u" uuid[], "d" date[], "t" text[], "c" uuid[], "a" uuid[], "cents" bigint[], "n" bigint[]
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM pg_advisory_xact_lock(727275, hashtext(x::text))
	FROM (SELECT DISTINCT x FROM unnest("u") AS x ORDER BY 1) AS s;
	INSERT INTO "transaction_monthly_totals" AS m ("user_id","month","type","category_id","account_id","total_cents","tx_count")
	SELECT xu, date_trunc('month', xd::timestamp)::date, xt, xc, xa, sum(xcents), sum(xn)
	FROM unnest("u", "d", "t", "c", "a", "cents", "n") AS x(xu, xd, xt, xc, xa, xcents, xn)
	GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ("user_id","month","type","category_id","account_id") DO UPDATE
	SET "total_cents" = m."total_cents" + excluded."total_cents", "tx_count" = m."tx_count" + excluded."tx_count";
	INSERT INTO "transaction_daily_totals" AS dt ("user_id","day","type","category_id","account_id","total_cents","tx_count")
	SELECT xu, xd, xt, xc, xa, xcents, xn
	FROM unnest("u", "d", "t", "c", "a", "cents", "n") AS x(xu, xd, xt, xc, xa, xcents, xn)
	ORDER BY 1, 2, 3, 4, 5
	ON CONFLICT ("user_id","day","type","category_id","account_id") DO UPDATE
	SET "total_cents" = dt."total_cents" + excluded."total_cents", "tx_count" = dt."tx_count" + excluded."tx_count";
	IF EXISTS (SELECT 1 FROM unnest("n") AS k WHERE k < 0) THEN
		DELETE FROM "transaction_monthly_totals" AS m
		USING unnest("u", "d", "t", "c", "a") AS x(xu, xd, xt, xc, xa)
		WHERE m."user_id" = xu AND m."month" = date_trunc('month', xd::timestamp)::date
			AND m."type" = xt AND m."category_id" = xc AND m."account_id" = xa AND m."tx_count" = 0;
		DELETE FROM "transaction_daily_totals" AS dt
		USING unnest("u", "d", "t", "c", "a") AS x(xu, xd, xt, xc, xa)
		WHERE dt."user_id" = xu AND dt."day" = xd AND dt."type" = xt AND dt."category_id" = xc
			AND dt."account_id" = xa AND dt."tx_count" = 0;
	END IF;
END
$fn$;
--> statement-breakpoint
-- Adds signed changes (one element per user, account and day) to the daily balances, then
-- re-checks the finished reconciliations of the accounts whose cleared balance moved on or
-- before their statement date: broken when it no longer equals the statement, done again when
-- it does.
CREATE FUNCTION "account_balances_add"(
	"u" uuid[], "a" uuid[], "d" date[], "delta" bigint[], "cleared" bigint[], "n" bigint[]
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM pg_advisory_xact_lock(727275, hashtext(x::text))
	FROM (SELECT DISTINCT x FROM unnest("u") AS x ORDER BY 1) AS s;
	INSERT INTO "account_daily_balances" AS b ("account_id","day","delta_cents","cleared_delta_cents","tx_count")
	SELECT xa, xd, sum(xdelta), sum(xcleared), sum(xn)
	FROM unnest("a", "d", "delta", "cleared", "n") AS x(xa, xd, xdelta, xcleared, xn)
	GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("account_id","day") DO UPDATE
	SET "delta_cents" = b."delta_cents" + excluded."delta_cents",
		"cleared_delta_cents" = b."cleared_delta_cents" + excluded."cleared_delta_cents",
		"tx_count" = b."tx_count" + excluded."tx_count";
	IF EXISTS (SELECT 1 FROM unnest("n") AS k WHERE k < 0) THEN
		DELETE FROM "account_daily_balances" AS b
		USING unnest("a", "d") AS x(xa, xd)
		WHERE b."account_id" = xa AND b."day" = xd AND b."tx_count" = 0;
	END IF;
	UPDATE "reconciliations" AS r
	SET "state" = CASE WHEN chk.diff = 0 THEN 'done' ELSE 'broken' END, "difference_cents" = chk.diff
	FROM (
		SELECT r2."id", r2."statement_balance_cents" - coalesce((
			SELECT sum(b."cleared_delta_cents") FROM "account_daily_balances" AS b
			WHERE b."account_id" = r2."account_id" AND b."day" <= r2."statement_date"), 0)::bigint AS diff
		FROM "reconciliations" AS r2
		JOIN (
			SELECT xa, min(xd) AS first_day
			FROM unnest("a", "d", "cleared") AS x(xa, xd, xcleared)
			WHERE xcleared <> 0
			GROUP BY 1
		) AS moved ON moved.xa = r2."account_id" AND r2."statement_date" >= moved.first_day
		WHERE r2."state" IN ('done', 'broken')
	) AS chk
	WHERE r."id" = chk."id" AND (r."difference_cents" <> chk.diff OR r."state" <> CASE WHEN chk.diff = 0 THEN 'done' ELSE 'broken' END);
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transactions_totals_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg("account_id"), array_agg(s), array_agg(k))
	FROM (SELECT "user_id", "date", "type", "category_id", "account_id", sum("amount_cents")::bigint AS s, count(*) AS k
		FROM new_rows WHERE "category_id" IS NOT NULL GROUP BY 1, 2, 3, 4, 5) AS g;
	PERFORM "account_balances_add"(array_agg("user_id"), array_agg("account_id"), array_agg("date"),
		array_agg(s), array_agg(cs), array_agg(k))
	FROM (SELECT "user_id", "account_id", "date",
			sum(CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END)::bigint AS s,
			sum(CASE WHEN "status" IN ('cleared', 'reconciled') THEN CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END ELSE 0 END)::bigint AS cs,
			count(*) AS k
		FROM new_rows GROUP BY 1, 2, 3) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transactions_totals_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg("account_id"), array_agg(s), array_agg(k))
	FROM (SELECT "user_id", "date", "type", "category_id", "account_id", -sum("amount_cents")::bigint AS s, -count(*) AS k
		FROM old_rows WHERE "category_id" IS NOT NULL GROUP BY 1, 2, 3, 4, 5) AS g;
	PERFORM "account_balances_add"(array_agg("user_id"), array_agg("account_id"), array_agg("date"),
		array_agg(s), array_agg(cs), array_agg(k))
	FROM (SELECT "user_id", "account_id", "date",
			-sum(CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END)::bigint AS s,
			-sum(CASE WHEN "status" IN ('cleared', 'reconciled') THEN CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END ELSE 0 END)::bigint AS cs,
			-count(*) AS k
		FROM old_rows GROUP BY 1, 2, 3) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Only the rows whose amount, date, type, category, account or status changed touch the rollups
-- (a new description or receipt writes nothing here).
CREATE FUNCTION "transactions_totals_on_update"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg("account_id"), array_agg(s), array_agg(k))
	FROM (
		SELECT "user_id", "date", "type", "category_id", "account_id", sum(a)::bigint AS s, sum(n)::bigint AS k
		FROM (
			SELECT "user_id", "date", "type", "category_id", "account_id", "amount_cents" AS a, 1 AS n
			FROM new_rows WHERE "category_id" IS NOT NULL
			UNION ALL
			SELECT "user_id", "date", "type", "category_id", "account_id", -"amount_cents", -1
			FROM old_rows WHERE "category_id" IS NOT NULL
		) AS both_sides
		GROUP BY 1, 2, 3, 4, 5
		HAVING sum(a) <> 0 OR sum(n) <> 0
	) AS g;
	PERFORM "account_balances_add"(array_agg("user_id"), array_agg("account_id"), array_agg("date"),
		array_agg(s), array_agg(cs), array_agg(k))
	FROM (
		SELECT "user_id", "account_id", "date", sum(v)::bigint AS s, sum(cv)::bigint AS cs, sum(n)::bigint AS k
		FROM (
			SELECT "user_id", "account_id", "date",
				CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END AS v,
				CASE WHEN "status" IN ('cleared', 'reconciled') THEN CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END ELSE 0 END AS cv,
				1 AS n
			FROM new_rows
			UNION ALL
			SELECT "user_id", "account_id", "date",
				-CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END,
				-CASE WHEN "status" IN ('cleared', 'reconciled') THEN CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END ELSE 0 END,
				-1
			FROM old_rows
		) AS both_sides
		GROUP BY 1, 2, 3
		HAVING sum(v) <> 0 OR sum(cv) <> 0 OR sum(n) <> 0
	) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_totals_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	TRUNCATE "transaction_daily_totals", "transaction_monthly_totals", "account_daily_balances";
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
INSERT INTO "transaction_daily_totals" ("user_id","day","type","category_id","account_id","total_cents","tx_count")
SELECT "user_id", "date", "type", "category_id", "account_id", sum("amount_cents"), count(*)
FROM "transactions" WHERE "category_id" IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "transaction_monthly_totals" ("user_id","month","type","category_id","account_id","total_cents","tx_count")
SELECT "user_id", date_trunc('month', "date"::timestamp)::date, "type", "category_id", "account_id", sum("amount_cents"), count(*)
FROM "transactions" WHERE "category_id" IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "account_daily_balances" ("account_id","day","delta_cents","cleared_delta_cents","tx_count")
SELECT "account_id", "date",
	sum(CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END),
	sum(CASE WHEN "status" IN ('cleared', 'reconciled') THEN CASE "type" WHEN 'income' THEN "amount_cents" ELSE -"amount_cents" END ELSE 0 END),
	count(*)
FROM "transactions" GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_insert" AFTER INSERT ON "transactions"
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_totals_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_update" AFTER UPDATE ON "transactions"
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_totals_on_update"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_delete" AFTER DELETE ON "transactions"
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_totals_on_delete"();
--> statement-breakpoint
CREATE TRIGGER "transactions_totals_truncate" AFTER TRUNCATE ON "transactions"
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_totals_on_truncate"();
