import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/*
 * What the ledger stores besides the transactions themselves, each beside the same rows
 * recomputed from `transactions` in plain SQL (DESIGN §9/§10, migrations 0003, 0014, 0015).
 * The random-write test (modules/ledger/balances.property.test.ts) compares them exactly after
 * every few hundred operations. A new stored total (a rollup table, a cached balance) is one
 * more entry of STORED_TOTALS: its stored rows and the recomputation, same columns, same order.
 */

/** A row's effect on its account's balance: income adds, expense subtracts (minor units). */
const SIGNED = `case when type = 'income' then amount_cents else -amount_cents end`;
/** The same, counting only cleared and reconciled rows (the cleared balance). */
const CLEARED = `case when status in ('cleared', 'reconciled') then ${SIGNED} else 0 end`;

/**
 * What counts in a category (DESIGN §11): every row with a category, and every line of a split
 * row (on its row's day and account, taken from the row itself), never the split row.
 */
const CATEGORIZED = `(select user_id, date, type, category_id, account_id, amount_cents from transactions
    where category_id is not null
  union all
  select t.user_id, t.date, l.type, l.category_id, t.account_id, l.amount_cents
    from transaction_lines l join transactions t on t.id = l.transaction_id) as categorized`;

export interface StoredTotal {
  name: string;
  /** The stored rows, every user's (rows left behind by a deleted account or user count too). */
  stored: string;
  /** The same columns recomputed from `transactions`. */
  truth: string;
}

export const STORED_TOTALS: StoredTotal[] = [
  {
    name: 'account_daily_balances',
    stored: `select account_id, day, delta_cents, cleared_delta_cents, tx_count from account_daily_balances`,
    truth: `select account_id, date, sum(${SIGNED})::bigint, sum(${CLEARED})::bigint, count(*)::bigint
      from transactions group by 1, 2`,
  },
  {
    name: 'account_monthly_balances',
    stored: `select account_id, month, delta_cents, cleared_delta_cents, tx_count from account_monthly_balances`,
    truth: `select account_id, date_trunc('month', date::timestamp)::date, sum(${SIGNED})::bigint, sum(${CLEARED})::bigint,
        count(*)::bigint
      from transactions group by 1, 2`,
  },
  {
    name: 'transaction_daily_totals',
    stored: `select user_id, day, type, category_id, account_id, total_cents, tx_count from transaction_daily_totals`,
    truth: `select user_id, date, type, category_id, account_id, sum(amount_cents)::bigint, count(*)::bigint
      from ${CATEGORIZED} group by 1, 2, 3, 4, 5`,
  },
  {
    name: 'transaction_monthly_totals',
    stored: `select user_id, month, type, category_id, account_id, total_cents, tx_count from transaction_monthly_totals`,
    truth: `select user_id, date_trunc('month', date::timestamp)::date, type, category_id, account_id,
        sum(amount_cents)::bigint, count(*)::bigint
      from ${CATEGORIZED} group by 1, 2, 3, 4, 5`,
  },
  {
    // A finished reconciliation is a balance assertion the triggers keep: done while the cleared
    // balance as of its statement date equals the statement, broken with the difference otherwise.
    name: 'reconciliations (state and difference of finished ones)',
    stored: `select id, state, difference_cents from reconciliations where state <> 'open'`,
    truth: `select r.id, case when d.diff = 0 then 'done' else 'broken' end, d.diff
      from reconciliations r
      cross join lateral (
        select (r.statement_balance_cents - coalesce(sum(${CLEARED}), 0))::bigint as diff
        from transactions t where t.account_id = r.account_id and t.date <= r.statement_date
      ) d
      where r.state <> 'open'`,
  },
  {
    // Migration 0030: each tag link's copies of its row's date and type and of the amount it
    // counts with (null for a row that counts as neither income nor expense).
    name: 'transaction_tags copies',
    stored: `select transaction_id, tag_id, date, type, amount_cents from transaction_tags`,
    truth: `select tt.transaction_id, tt.tag_id, t.date, t.type,
        case when t.category_id is not null or t.kind = 'regular' then t.amount_cents end
      from transaction_tags tt join transactions t on t.id = tt.transaction_id`,
  },
];

/** Rules of the ledger's rows themselves: each query answers the rows that break it (none). */
export const LEDGER_RULES: { name: string; violations: string }[] = [
  {
    name: 'a transfer is an expense leg and an income leg, both kind transfer, of the same user, two accounts, one amount',
    violations: `select tr.id from transfers tr
      join transactions o on o.id = tr.out_transaction_id
      join transactions i on i.id = tr.in_transaction_id
      where o.kind <> 'transfer' or i.kind <> 'transfer' or o.type <> 'expense' or i.type <> 'income'
        or o.user_id <> tr.user_id or i.user_id <> tr.user_id or o.account_id = i.account_id
        or o.amount_cents <> i.amount_cents`,
  },
  {
    name: 'every transfer row is a leg of exactly one transfer',
    violations: `select t.id from transactions t
      where t.kind = 'transfer'
        and (select count(*) from transfers tr where t.id in (tr.out_transaction_id, tr.in_transaction_id)) <> 1`,
  },
  {
    name: "a regular row's category is the user's and of the row's type (unless it is split)",
    violations: `select t.id from transactions t left join categories c on c.id = t.category_id
      where t.kind = 'regular' and (c.id is null or c.user_id <> t.user_id or c.type <> t.type)
        and not exists (select 1 from transaction_lines l where l.transaction_id = t.id)`,
  },
  {
    name: "a split row is regular, has no category, and its two or more lines (the user's categories of their types) add up to it",
    violations: `select t.id from transactions t
      join transaction_lines l on l.transaction_id = t.id
      left join categories c on c.id = l.category_id and c.user_id = t.user_id and c.type = l.type
      group by t.id, t.kind, t.category_id, t.type, t.amount_cents
      having t.kind <> 'regular' or t.category_id is not null or count(*) < 2 or count(c.id) < count(*)
        or sum(case when l.type = 'income' then l.amount_cents else -l.amount_cents end)
          <> case when t.type = 'income' then t.amount_cents else -t.amount_cents end`,
  },
  {
    name: 'a reconciled row lies within a finished reconciliation of its account',
    violations: `select t.id from transactions t
      where t.status = 'reconciled' and not exists (
        select 1 from reconciliations r
        where r.account_id = t.account_id and r.state <> 'open' and r.statement_date >= t.date)`,
  },
  {
    name: 'an account has at most one open reconciliation',
    violations: `select account_id from reconciliations where state = 'open' group by 1 having count(*) > 1`,
  },
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every difference between a stored total and its recomputation, and every broken rule, as
 * readable lines (at most 5 rows of each); empty when the ledger is consistent.
 */
export async function ledgerMismatches(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const total of STORED_TOTALS) {
    const result = await db.execute(
      sql.raw(`
        (select 'stored only' as side, s.* from ((${total.stored}) except all (${total.truth})) s limit 5)
        union all
        (select 'recomputed only', r.* from ((${total.truth}) except all (${total.stored})) r limit 5)`),
    );
    for (const row of rowsOf<Record<string, unknown>>(result)) found.push(`${total.name}: ${JSON.stringify(row)}`);
  }
  for (const rule of LEDGER_RULES) {
    const result = await db.execute(sql.raw(`select * from (${rule.violations}) v limit 5`));
    for (const row of rowsOf<Record<string, unknown>>(result)) found.push(`${rule.name}: ${JSON.stringify(row)}`);
  }
  return found;
}

/** The tables a refused request must leave as they were. */
const WATCHED = [
  'transactions',
  'transfers',
  'transfer_rejections',
  'reconciliations',
  'accounts',
  'categories',
  'account_daily_balances',
  'transaction_daily_totals',
  'transaction_monthly_totals',
  'transaction_lines',
  'import_batches',
  'import_keys',
  'recurring_transactions',
];

/**
 * Test instrumentation (never in a migration): row triggers on the watched tables log every
 * committed row inserted, changed (to other values) or deleted, so a test can show that a request
 * answered 4xx wrote nothing. Rolled-back writes leave no entry. Each write inserts one entry (an
 * O(1) insert): one counter row updated per write made a statement of N writes walk a chain of N
 * row versions per update, quadratic, and a category move of a few thousand rows' totals ran past
 * the statement timeout on PostgreSQL.
 */
export async function installWriteCounter(db: Db): Promise<void> {
  await db.execute(sql.raw(`create table test_row_writes (id bigserial primary key)`));
  await db.execute(
    sql.raw(`create function test_count_row_write() returns trigger language plpgsql as $fn$
    begin
      if tg_op = 'UPDATE' and old is not distinct from new then return null; end if;
      insert into test_row_writes default values;
      return null;
    end $fn$`),
  );
  for (const table of WATCHED) {
    await db.execute(
      sql.raw(`create trigger test_count_${table} after insert or update or delete on ${table}
        for each row execute function test_count_row_write()`),
    );
  }
}

/**
 * A mark of the rows written so far (see installWriteCounter): the newest committed entry's id, so
 * it moves with every committed write and stays put otherwise (ids a rolled-back write took from
 * the sequence leave no entry behind). Compare two marks for equality; read from the primary key.
 */
export async function rowWrites(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql.raw(`select coalesce(max(id), 0) as n from test_row_writes`)),
  );
  return Number(row!.n);
}
