-- The read cache is gone (docs/performance.md, "Read cache (removed)"): nothing listens to the
-- channel "ledgerly_data" any more, so the triggers of migration 0012 that announced every change
-- on it are dropped, and their function after them (without CASCADE: it fails if any trigger
-- still used it). A custom migration (`drizzle-kit generate --custom`): drizzle-kit does not
-- describe triggers or functions, so the schema snapshot is unchanged.
DO $do$
DECLARE
	t text;
	kind text;
BEGIN
	FOREACH t IN ARRAY ARRAY['users', 'categories', 'transactions', 'budgets', 'recurring_transactions']
	LOOP
		FOREACH kind IN ARRAY ARRAY['insert', 'update', 'delete', 'truncate']
		LOOP
			EXECUTE format('DROP TRIGGER %I ON %I', t || '_announce_' || kind, t);
		END LOOP;
	END LOOP;
END
$do$;
--> statement-breakpoint
DROP FUNCTION "ledgerly_announce_change"();
