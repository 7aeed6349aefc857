-- Transfer matching looks up, for each row of an import, the user's rows of the same amount
-- within a few days: with the date in the index only the rows in that window are fetched (about
-- one), where (user_id, amount_cents) fetched every row of the amount (about 20 at 1M rows) to
-- test its date. Amount search (an equality or a range on the amount) uses the same index.
DROP INDEX "transactions_user_amount_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_amount_date_idx" ON "transactions" USING btree ("user_id","amount_cents","date");