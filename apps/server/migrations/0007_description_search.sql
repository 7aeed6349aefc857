-- Description search (`ilike '%text%'`) through a trigram index instead of a scan of the user's
-- whole history (docs/performance.md). pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database owner can create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_description_trgm_idx" ON "transactions" USING gin ("description" gin_trgm_ops);
