-- The rollup functions touch a handful of rows each, by primary key. Their DELETE of the rows a
-- change brought to a count of 0 is planned with the statistics' belief that no row has a count
-- of 0 (none has, between statements), so the planner scanned the whole table and compared each
-- zero row with every element of the change: a 5,000-pair transfer link on 1M rows spent 7-11 s
-- there. Without sequential scans each element is looked up by its key.
ALTER FUNCTION "transaction_totals_add"(uuid[], date[], text[], uuid[], uuid[], bigint[], bigint[]) SET enable_seqscan = off;
--> statement-breakpoint
ALTER FUNCTION "account_balances_add"(uuid[], uuid[], date[], bigint[], bigint[], bigint[]) SET enable_seqscan = off;
