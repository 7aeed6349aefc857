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
-- Per table: its user column, and a trigger for each kind of statement.
DO $do$
DECLARE
	t text;
	col text;
BEGIN
	FOR t, col IN VALUES ('users', 'id'), ('categories', 'user_id'), ('transactions', 'user_id'),
		('budgets', 'user_id'), ('recurring_transactions', 'user_id')
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"(%L)', t || '_announce_insert', t, col);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"(%L)', t || '_announce_update', t, col);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"(%L)', t || '_announce_delete', t, col);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "ledgerly_announce_change"()', t || '_announce_truncate', t);
	END LOOP;
END
$do$;
