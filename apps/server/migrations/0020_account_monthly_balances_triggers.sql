-- Per-account monthly balances (table made by 0019), kept by the same function that keeps the
-- daily balances, in the same database transaction as every write to "transactions": net worth
-- and current balances then read months × accounts, not days × accounts. Backfilled from the
-- daily balances under the same lock the writers' triggers need, so no write slips in between.
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "account_balances_add"(
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
	INSERT INTO "account_monthly_balances" AS b ("account_id","month","delta_cents","cleared_delta_cents","tx_count")
	SELECT xa, date_trunc('month', xd::timestamp)::date, sum(xdelta), sum(xcleared), sum(xn)
	FROM unnest("a", "d", "delta", "cleared", "n") AS x(xa, xd, xdelta, xcleared, xn)
	GROUP BY 1, 2 ORDER BY 1, 2
	ON CONFLICT ("account_id","month") DO UPDATE
	SET "delta_cents" = b."delta_cents" + excluded."delta_cents",
		"cleared_delta_cents" = b."cleared_delta_cents" + excluded."cleared_delta_cents",
		"tx_count" = b."tx_count" + excluded."tx_count";
	IF EXISTS (SELECT 1 FROM unnest("n") AS k WHERE k < 0) THEN
		DELETE FROM "account_daily_balances" AS b
		USING unnest("a", "d") AS x(xa, xd)
		WHERE b."account_id" = xa AND b."day" = xd AND b."tx_count" = 0;
		DELETE FROM "account_monthly_balances" AS b
		USING unnest("a", "d") AS x(xa, xd)
		WHERE b."account_id" = xa AND b."month" = date_trunc('month', xd::timestamp)::date AND b."tx_count" = 0;
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
CREATE OR REPLACE FUNCTION "transactions_totals_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	TRUNCATE "transaction_daily_totals", "transaction_monthly_totals", "account_daily_balances", "account_monthly_balances";
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
INSERT INTO "account_monthly_balances" ("account_id","month","delta_cents","cleared_delta_cents","tx_count")
SELECT "account_id", date_trunc('month', "day"::timestamp)::date, sum("delta_cents"), sum("cleared_delta_cents"), sum("tx_count")
FROM "account_daily_balances" GROUP BY 1, 2;
