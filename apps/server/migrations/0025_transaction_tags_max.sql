-- At most 10 tags per transaction and per recurring item (DESIGN §11, docs/tags.md): checked once
-- per statement over the rows it added, so a bulk "add tag" of 5,000 rows is one check. The
-- writers take the user's ledger lock first, so two concurrent adds cannot both pass.
CREATE FUNCTION transaction_tags_max() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM transaction_tags t
    WHERE t.transaction_id IN (SELECT DISTINCT transaction_id FROM added)
    GROUP BY t.transaction_id HAVING count(*) > 10
  ) THEN
    RAISE EXCEPTION 'a transaction has at most 10 tags'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'transaction_tags_max_check';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transaction_tags_max AFTER INSERT ON transaction_tags
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION transaction_tags_max();
--> statement-breakpoint
CREATE FUNCTION recurring_tags_max() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM recurring_tags t
    WHERE t.recurring_id IN (SELECT DISTINCT recurring_id FROM added)
    GROUP BY t.recurring_id HAVING count(*) > 10
  ) THEN
    RAISE EXCEPTION 'a recurring item has at most 10 tags'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'recurring_tags_max_check';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recurring_tags_max AFTER INSERT ON recurring_tags
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION recurring_tags_max();
