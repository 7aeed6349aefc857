-- Occurrences of a recurring item the user skipped (docs/recurring.md, "Skipping").
ALTER TABLE "recurring_transactions" ADD COLUMN "skipped_dates" text[] DEFAULT '{}'::text[] NOT NULL;
