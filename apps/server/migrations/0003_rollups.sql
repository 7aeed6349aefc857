-- Per-user totals of transactions per day and per month, by type and category (DESIGN §9).
-- Kept exact by statement-level triggers on "transactions", in the same database transaction as
-- every insert, update and delete, whichever code path writes (form, import, restore, recurring
-- generation, category moves, account deletion). No writes may slip in while they are backfilled.
LOCK TABLE "transactions" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "transaction_daily_totals" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"category_id" uuid NOT NULL,
	"total_cents" bigint NOT NULL,
	"tx_count" bigint NOT NULL,
	CONSTRAINT "transaction_daily_totals_pk" PRIMARY KEY("user_id","day","type","category_id")
);
--> statement-breakpoint
CREATE TABLE "transaction_monthly_totals" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"type" text NOT NULL,
	"category_id" uuid NOT NULL,
	"total_cents" bigint NOT NULL,
	"tx_count" bigint NOT NULL,
	CONSTRAINT "transaction_monthly_totals_pk" PRIMARY KEY("user_id","month","type","category_id")
);
--> statement-breakpoint
INSERT INTO "transaction_daily_totals" ("user_id","day","type","category_id","total_cents","tx_count")
SELECT "user_id", "date", "type", "category_id", sum("amount_cents"), count(*)
FROM "transactions" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "transaction_monthly_totals" ("user_id","month","type","category_id","total_cents","tx_count")
SELECT "user_id", date_trunc('month', "date"::timestamp)::date, "type", "category_id", sum("amount_cents"), count(*)
FROM "transactions" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Adds signed changes (one element per user, day, type and category) to both tables. Writers take
-- a per-user advisory lock first (in user order), so two transactions of one user never lock total
-- rows in opposite orders: no deadlock, whatever statements they run. Upserts make concurrent first
-- writes of a row safe. Rows whose count falls to zero are removed, so no total outlives its
-- transactions (deleting a category or an account leaves nothing behind).
CREATE FUNCTION "transaction_totals_add"(
	"u" uuid[], "d" date[], "t" text[], "c" uuid[], "cents" bigint[], "n" bigint[]
) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM pg_advisory_xact_lock(727275, hashtext(x::text))
	FROM (SELECT DISTINCT x FROM unnest("u") AS x ORDER BY 1) AS s;
	INSERT INTO "transaction_monthly_totals" AS m ("user_id","month","type","category_id","total_cents","tx_count")
	SELECT xu, date_trunc('month', xd::timestamp)::date, xt, xc, sum(xcents), sum(xn)
	FROM unnest("u", "d", "t", "c", "cents", "n") AS x(xu, xd, xt, xc, xcents, xn)
	GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
	ON CONFLICT ("user_id","month","type","category_id") DO UPDATE
	SET "total_cents" = m."total_cents" + excluded."total_cents", "tx_count" = m."tx_count" + excluded."tx_count";
	INSERT INTO "transaction_daily_totals" AS dt ("user_id","day","type","category_id","total_cents","tx_count")
	SELECT xu, xd, xt, xc, xcents, xn
	FROM unnest("u", "d", "t", "c", "cents", "n") AS x(xu, xd, xt, xc, xcents, xn)
	ORDER BY 1, 2, 3, 4
	ON CONFLICT ("user_id","day","type","category_id") DO UPDATE
	SET "total_cents" = dt."total_cents" + excluded."total_cents", "tx_count" = dt."tx_count" + excluded."tx_count";
	IF EXISTS (SELECT 1 FROM unnest("n") AS k WHERE k < 0) THEN
		DELETE FROM "transaction_monthly_totals" AS m
		USING unnest("u", "d", "t", "c") AS x(xu, xd, xt, xc)
		WHERE m."user_id" = xu AND m."month" = date_trunc('month', xd::timestamp)::date
			AND m."type" = xt AND m."category_id" = xc AND m."tx_count" = 0;
		DELETE FROM "transaction_daily_totals" AS dt
		USING unnest("u", "d", "t", "c") AS x(xu, xd, xt, xc)
		WHERE dt."user_id" = xu AND dt."day" = xd AND dt."type" = xt AND dt."category_id" = xc AND dt."tx_count" = 0;
	END IF;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transactions_totals_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg(s), array_agg(k))
	FROM (SELECT "user_id", "date", "type", "category_id", sum("amount_cents")::bigint AS s, count(*) AS k
		FROM new_rows GROUP BY 1, 2, 3, 4) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transactions_totals_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg(s), array_agg(k))
	FROM (SELECT "user_id", "date", "type", "category_id", -sum("amount_cents")::bigint AS s, -count(*) AS k
		FROM old_rows GROUP BY 1, 2, 3, 4) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
-- Only the rows whose amount, date, type or category changed touch the totals (a new description
-- or receipt writes nothing here).
CREATE FUNCTION "transactions_totals_on_update"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM "transaction_totals_add"(array_agg("user_id"), array_agg("date"), array_agg("type"),
		array_agg("category_id"), array_agg(s), array_agg(k))
	FROM (
		SELECT "user_id", "date", "type", "category_id", sum(a)::bigint AS s, sum(n)::bigint AS k
		FROM (
			SELECT "user_id", "date", "type", "category_id", "amount_cents" AS a, 1 AS n FROM new_rows
			UNION ALL
			SELECT "user_id", "date", "type", "category_id", -"amount_cents", -1 FROM old_rows
		) AS both_sides
		GROUP BY 1, 2, 3, 4
		HAVING sum(a) <> 0 OR sum(n) <> 0
	) AS g;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "transactions_totals_on_truncate"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	TRUNCATE "transaction_daily_totals", "transaction_monthly_totals";
	RETURN NULL;
END
$fn$;
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
--> statement-breakpoint
-- The analytics read the totals now; the covering index only slowed writes.
DROP INDEX "transactions_user_date_totals_idx";
