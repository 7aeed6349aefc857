-- "Carry over unspent amount" per budget (docs/budgets.md, "Rollover").
ALTER TABLE "budgets" ADD COLUMN "rollover" boolean DEFAULT false NOT NULL;
