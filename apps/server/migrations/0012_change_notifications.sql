-- Every committed change to what the cached reads answer from (DESIGN §9, docs/performance.md,
-- "Read cache") is announced on the channel "ledgerly_data" with the id of each user it touched,
-- so every instance drops that user's cached answers. Statement-level triggers: one notification
-- per user and statement however many rows it writes, sent by PostgreSQL at commit (none for a
-- rolled-back transaction) and merged when repeated within one transaction.
CREATE FUNCTION "ledgerly_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		PERFORM pg_notify('ledgerly_data', '*');
	ELSIF TG_OP = 'DELETE' THEN
		EXECUTE format('SELECT pg_notify(''ledgerly_data'', u::text) FROM (SELECT DISTINCT %I AS u FROM old_rows) s', TG_ARGV[0]);
	ELSIF TG_OP = 'INSERT' THEN
		EXECUTE format('SELECT pg_notify(''ledgerly_data'', u::text) FROM (SELECT DISTINCT %I AS u FROM new_rows) s', TG_ARGV[0]);
	ELSE
		-- An update announces the rows' owners before and after (a row moved to another user).
		EXECUTE format('SELECT pg_notify(''ledgerly_data'', u::text) FROM (SELECT %1$I AS u FROM old_rows UNION SELECT %1$I FROM new_rows) s', TG_ARGV[0]);
	END IF;
	RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('id');
--> statement-breakpoint
CREATE TRIGGER "users_announce_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('id');
--> statement-breakpoint
CREATE TRIGGER "users_announce_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('id');
--> statement-breakpoint
CREATE TRIGGER "users_announce_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "categories_announce_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "categories_announce_update" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "categories_announce_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "categories_announce_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "transactions_announce_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "transactions_announce_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "transactions_announce_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "transactions_announce_truncate" AFTER TRUNCATE ON "transactions" FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "budgets_announce_insert" AFTER INSERT ON "budgets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_announce_update" AFTER UPDATE ON "budgets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_announce_delete" AFTER DELETE ON "budgets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "budgets_announce_truncate" AFTER TRUNCATE ON "budgets" FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "recurring_transactions_announce_insert" AFTER INSERT ON "recurring_transactions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_transactions_announce_update" AFTER UPDATE ON "recurring_transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_transactions_announce_delete" AFTER DELETE ON "recurring_transactions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "recurring_transactions_announce_truncate" AFTER TRUNCATE ON "recurring_transactions" FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"();
