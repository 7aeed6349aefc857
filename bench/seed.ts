/**
 * `npm run bench:seed -- --email E --rows N [--database-url URL] [--data-dir DIR]`
 *
 * Adds N realistic transactions, spread over the last five years, to an EXISTING account: shop
 * and café descriptions (some with "coffee"), amounts that fit each kind of spending, both types,
 * the account's own categories, and monthly recurring-like rows (rent, salary, subscriptions, the
 * same amount on the same day each month). For benchmarks and for trying the app at size.
 *
 * Write path: the ledger writer's set-based insert (`ledgerWriter.insertSelected`) of a
 * `SELECT … FROM generate_series(…)`, 50,000 rows per statement, each statement its own database
 * transaction. That is the app's write path for
 * everything derived: the per-day and per-month totals are kept by the statement-level triggers
 * on `transactions` (docs/performance.md), exactly as for a form save or an import; the
 * `(user_id, category_id, type)` foreign key checks every row against the user's categories. Only
 * the row generation happens in the database rather than in Node, which is what makes 1M rows
 * take seconds instead of minutes (no 1M parameter lists crossing the wire).
 *
 * Database: --database-url (or DATABASE_URL) for PostgreSQL; otherwise the embedded PGlite in
 * DATA_DIR/db, like the app (default ./data) — the server must be stopped, PGlite is one process.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { todayIn } from '@ledgerly/shared';
import { type Database, migrate, openDatabase } from '../apps/server/src/db/client.js';
import { lockDataDir } from '../apps/server/src/db/data-dir.js';
import { type InsertableColumn, defaultAccount, ledgerWriter } from '../apps/server/src/modules/ledger/index.js';

const USAGE =
  'Usage: npm run bench:seed -- --email you@example.com --rows 100000 [--database-url postgres://…] [--data-dir DIR]';

/** A kind of transaction: descriptions to pick from and an amount range in cents. */
interface Kind {
  type: 'income' | 'expense';
  /** Matched against the user's category names (lower case, first match wins). */
  category: RegExp;
  descriptions: string[];
  minCents: number;
  maxCents: number;
  /** Relative frequency among the random (non-recurring) rows. */
  weight: number;
}

const KINDS: Kind[] = [
  {
    type: 'expense',
    category: /food|dining|restaurant|eat/,
    descriptions: [
      'Coffee at Blue Bottle',
      'Starbucks coffee',
      'Croissant',
      'Bagel and juice',
      'Lunch at Pret',
      'Dinner with friends',
      'Pizza delivery',
      'Sushi takeaway',
      'Burger King',
      'Bakery',
      'Thai restaurant',
      'Brunch',
    ],
    minCents: 300,
    maxCents: 6_000,
    weight: 30,
  },
  {
    type: 'expense',
    category: /grocer|supermarket/,
    descriptions: [
      'Whole Foods',
      'Trader Joe’s',
      'Lidl',
      'Aldi weekly shop',
      'Farmers market',
      'Coffee beans',
      'Costco',
    ],
    minCents: 800,
    maxCents: 18_000,
    weight: 18,
  },
  {
    type: 'expense',
    category: /transport|\bcar\b|travel/,
    descriptions: ['Uber ride', 'Metro card top-up', 'Gas station', 'Parking', 'Train ticket', 'Taxi', 'Car wash'],
    minCents: 250,
    maxCents: 9_000,
    weight: 12,
  },
  {
    type: 'expense',
    category: /shop|cloth/,
    descriptions: ['Amazon order', 'Zara', 'IKEA', 'Shoes', 'Electronics store', 'Bookshop', 'Coffee maker'],
    minCents: 1_000,
    maxCents: 40_000,
    weight: 8,
  },
  {
    type: 'expense',
    category: /entertain|fun|leisure/,
    descriptions: ['Cinema tickets', 'Concert', 'Bowling', 'Video game', 'Museum', 'Streaming rental'],
    minCents: 500,
    maxCents: 12_000,
    weight: 6,
  },
  {
    type: 'expense',
    category: /health|medic|pharm/,
    descriptions: ['Pharmacy', 'Dentist', 'Doctor visit', 'Vitamins', 'Physiotherapy'],
    minCents: 700,
    maxCents: 25_000,
    weight: 3,
  },
  {
    type: 'expense',
    category: /utilit|bill/,
    descriptions: ['Electricity bill', 'Water bill', 'Gas bill', 'Internet'],
    minCents: 2_000,
    maxCents: 20_000,
    weight: 3,
  },
  {
    type: 'expense',
    category: /educat|school|course/,
    descriptions: ['Online course', 'Textbooks', 'Language class'],
    minCents: 1_500,
    maxCents: 50_000,
    weight: 1,
  },
  {
    type: 'expense',
    category: /other/,
    descriptions: ['Haircut', 'Gift for mum', 'Charity donation', 'Post office', 'Laundry', 'Coffee with Sam'],
    minCents: 200,
    maxCents: 15_000,
    weight: 5,
  },
  {
    type: 'income',
    category: /freelance|side|consult/,
    descriptions: ['Freelance invoice', 'Consulting project', 'Logo design job', 'Website fix'],
    minCents: 10_000,
    maxCents: 300_000,
    weight: 3,
  },
  {
    type: 'income',
    category: /invest|dividend|interest/,
    descriptions: ['Dividend', 'Savings interest', 'ETF distribution'],
    minCents: 100,
    maxCents: 50_000,
    weight: 2,
  },
  {
    type: 'income',
    category: /gift/,
    descriptions: ['Birthday gift', 'Holiday gift'],
    minCents: 2_000,
    maxCents: 30_000,
    weight: 1,
  },
  {
    type: 'income',
    category: /other/,
    descriptions: ['Refund', 'Sold old bike', 'Cashback', 'Marketplace sale'],
    minCents: 500,
    maxCents: 40_000,
    weight: 2,
  },
];

/** Monthly rows: the same day and (nearly) the same amount each month. */
const MONTHLY: { type: 'income' | 'expense'; category: RegExp; description: string; day: number; cents: number }[] = [
  { type: 'income', category: /salary|wage|pay/, description: 'Salary', day: 25, cents: 420_000 },
  { type: 'expense', category: /hous|rent|home/, description: 'Rent', day: 1, cents: 145_000 },
  { type: 'expense', category: /utilit|bill/, description: 'Phone plan', day: 5, cents: 3_500 },
  { type: 'expense', category: /entertain|subscri/, description: 'Netflix subscription', day: 12, cents: 1_549 },
  { type: 'expense', category: /entertain|subscri/, description: 'Spotify', day: 18, cents: 1_099 },
  { type: 'expense', category: /health|sport|fitness/, description: 'Gym membership', day: 3, cents: 4_900 },
];

interface CategoryRow {
  id: string;
  name: string;
  type: 'income' | 'expense';
}

function pickCategory(cats: CategoryRow[], type: 'income' | 'expense', pattern: RegExp): CategoryRow | undefined {
  const ofType = cats.filter((c) => c.type === type);
  return ofType.find((c) => pattern.test(c.name.toLowerCase())) ?? ofType[0];
}

export interface SeedResult {
  userId: string;
  inserted: number;
  seconds: number;
}

export class SeedError extends Error {}

/** A PostgreSQL array literal of numbers or (quoted) strings, sent as one parameter. */
const COLUMNS: InsertableColumn[] = [
  'user_id',
  'account_id',
  'category_id',
  'type',
  'amount_cents',
  'description',
  'date',
  'created_at',
];

const arr = (xs: (string | number)[]) =>
  `{${xs.map((x) => (typeof x === 'number' ? String(x) : JSON.stringify(x))).join(',')}}`;

/** Seeds `rows` transactions for the account with this email; see the header. */
export async function seedAccount(
  database: Database,
  opts: { email: string; rows: number; batch?: number; onProgress?: (done: number) => void },
): Promise<SeedResult> {
  const started = performance.now();
  const { db } = database;
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as { rows: T[] }).rows;
  const [user] = await rows<{ id: string; timezone: string }>(
    sql`select id, timezone from users where lower(email) = lower(${opts.email.trim()})`,
  );
  if (!user) throw new SeedError(`No account has the email ${opts.email}. Register it in the app first.`);
  const cats = await rows<CategoryRow>(
    sql`select id, name, type from categories where user_id = ${user.id} order by name`,
  );
  if (!cats.some((c) => c.type === 'expense') || !cats.some((c) => c.type === 'income')) {
    throw new SeedError(
      `The account ${opts.email} needs at least one income and one expense category (Categories → Add the default categories).`,
    );
  }
  // Every row goes into the user's default account, as a form save that names none.
  const account = (await defaultAccount(db, user.id)).id;
  const today = todayIn(user.timezone);
  const startYear = Number(today.slice(0, 4)) - 5;
  const start = `${startYear}${today.slice(4)}`;

  // The monthly rows first (at most 6 × 61), then random rows for the rest.
  const monthly = MONTHLY.map((m) => ({ ...m, cat: pickCategory(cats, m.type, m.category) })).filter(
    (m) => m.cat !== undefined,
  );
  const months = Math.min(61, Math.floor(opts.rows / Math.max(1, monthly.length) / 20)); // at most ~5% of the rows
  let inserted = 0;
  if (months > 0 && monthly.length > 0) {
    inserted += await ledgerWriter.insertSelected(
      db,
      COLUMNS,
      sql`
        select ${user.id}::uuid, ${account}::uuid, m.category_id, m.type, m.cents + (floor(random() * 3) - 1)::int * (m.cents / 100),
               m.description, d.day, d.day::timestamptz + interval '9 hours'
        from unnest(${arr(monthly.map((m) => m.cat!.id))}::uuid[], ${arr(monthly.map((m) => m.type))}::text[],
                    ${arr(monthly.map((m) => m.cents))}::int[], ${arr(monthly.map((m) => m.description))}::text[],
                    ${arr(monthly.map((m) => m.day))}::int[]) as m(category_id, type, cents, description, dom)
        cross join lateral (
          select (date_trunc('month', ${today}::date::timestamp) - make_interval(months => k)
                  + make_interval(days => m.dom - 1))::date as day
          from generate_series(0, ${months - 1}) as k
        ) d
        where d.day <= ${today}::date and d.day >= ${start}::date`,
    );
  }

  // Random rows: templates (kind × description) weighted, as parallel arrays for the statement.
  const templates: { cat: string; type: string; desc: string; min: number; span: number }[] = [];
  for (const k of KINDS) {
    const cat = pickCategory(cats, k.type, k.category);
    if (!cat) continue;
    const perDescription = Math.max(1, Math.round((k.weight * 12) / k.descriptions.length));
    for (const desc of k.descriptions) {
      for (let i = 0; i < perDescription; i++) {
        templates.push({ cat: cat.id, type: k.type, desc, min: k.minCents, span: k.maxCents - k.minCents });
      }
    }
  }
  const tCat = arr(templates.map((t) => t.cat));
  const tType = arr(templates.map((t) => t.type));
  const tDesc = arr(templates.map((t) => t.desc));
  const tMin = arr(templates.map((t) => t.min));
  const tSpan = arr(templates.map((t) => t.span));
  const days = Math.round((Date.parse(today) - Date.parse(start)) / 86_400_000);
  const batch = opts.batch ?? 50_000;
  const remaining = opts.rows - inserted;
  for (let done = 0; done < remaining; done += batch) {
    const n = Math.min(batch, remaining - done);
    // Amounts skew small (squared uniform), times of day between 07:00 and 23:00.
    await ledgerWriter.insertSelected(
      db,
      COLUMNS,
      sql`
      with t as (
        select ${tCat}::uuid[] as cat, ${tType}::text[] as type, ${tDesc}::text[] as descr,
               ${tMin}::int[] as mn, ${tSpan}::int[] as span, cardinality(${tCat}::uuid[]) as k
      ), g as (
        select 1 + floor(random() * t.k)::int as i, ${today}::date - floor(random() * ${days + 1})::int as day, random() as r
        from t, generate_series(1, ${n})
      )
      select ${user.id}::uuid, ${account}::uuid, t.cat[g.i], t.type[g.i], t.mn[g.i] + floor(g.r * g.r * t.span[g.i])::int,
             t.descr[g.i], g.day, g.day::timestamptz + make_interval(secs => 25200 + floor(random() * 57600))
      from g, t`,
    );
    inserted += n;
    opts.onProgress?.(inserted);
  }
  return { userId: user.id, inserted, seconds: (performance.now() - started) / 1000 };
}

/**
 * Splits `share` (0–1) of the user's rows with a category (DESIGN §11), chosen by a hash of the
 * id, in ten database transactions: each becomes a split row whose lines add up to it — its own
 * category with two thirds, another category of its type with the rest, and for a tenth of the
 * expense rows a third line, an income refund of a fifth, the first expense line taking that much
 * more. Lines are inserted and the row's category cleared in the same transaction, so the
 * deferred check of migration 0027 and the rollups' triggers see what a form save would write.
 */
export async function splitRows(database: Database, userId: string, share: number): Promise<number> {
  const pct = Math.round(share * 100);
  let split = 0;
  for (let part = 0; part < 10; part++) {
    split += await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        create temp table split_pick on commit drop as
        select t.id, t.user_id, t.account_id, t.date, t.type, t.category_id, t.amount_cents as a,
               (t.type = 'expense' and t.amount_cents >= 5 and abs(hashtext(t.id::text || 'refund')) % 10 = 0) as refund
        from transactions t
        where t.user_id = ${userId} and t.kind = 'regular' and t.category_id is not null and t.amount_cents >= 3
          and abs(hashtext(t.id::text || 'split')) % 100 < ${pct} and abs(hashtext(t.id::text)) % 10 = ${part}`);
      await ledgerWriter.insertLinesSelected(
        tx,
        sql`
        with cats as (
          select type, array_agg(id order by id) as ids, count(*)::int as k from categories where user_id = ${userId} group by type
        )
        select p.user_id, p.id, p.account_id, p.date, 0, p.category_id, p.type,
               p.a - p.a / 3 + case when p.refund then p.a / 5 else 0 end, null
        from split_pick p
        union all
        select p.user_id, p.id, p.account_id, p.date, 1, cats.ids[1 + abs(hashtext(p.id::text)) % cats.k], p.type, p.a / 3, null
        from split_pick p join cats on cats.type = p.type
        union all
        select p.user_id, p.id, p.account_id, p.date, 2, (select ids[1] from cats where type = 'income'), 'income', p.a / 5, null
        from split_pick p where p.refund`,
      );
      return ledgerWriter.markSplitSelected(tx, sql`select id from split_pick`);
    });
  }
  return split;
}

/**
 * Tags `share` (0–1) of the user's rows with one of their tags (by a hash of the id), and
 * `second` of them with another one as well.
 */
export async function tagRows(database: Database, userId: string, share = 0.3, second = 0.03): Promise<void> {
  const { db } = database;
  const tenths = Math.round(share * 100);
  await db.execute(sql`
    with tg as (select array_agg(id order by name) as ids, count(*)::int as k from tags where user_id = ${userId})
    insert into transaction_tags (transaction_id, tag_id, user_id)
    select t.id, tg.ids[1 + (abs(hashtext(t.id::text)) / 100) % tg.k], t.user_id
    from transactions t, tg
    where t.user_id = ${userId} and abs(hashtext(t.id::text)) % 100 < ${tenths}`);
  await db.execute(sql`
    with tg as (select array_agg(id order by name) as ids, count(*)::int as k from tags where user_id = ${userId})
    insert into transaction_tags (transaction_id, tag_id, user_id)
    select t.id, tg.ids[1 + (abs(hashtext(t.id::text)) / 100 + 7) % tg.k], t.user_id
    from transactions t, tg
    where t.user_id = ${userId} and abs(hashtext(t.id::text)) % 100 < ${Math.round(second * 100)}
    on conflict do nothing`);
}

/**
 * Settles the database after seeding, as autovacuum would in a while: statistics for the planner
 * and, on PostgreSQL, the dead row versions the seeding's upserts left in the totals tables.
 */
export async function analyze(database: Database): Promise<void> {
  await database.db.execute(
    database.kind === 'postgres'
      ? sql`vacuum analyze transactions, transaction_daily_totals, transaction_monthly_totals, transaction_lines, transaction_tags`
      : sql`analyze transactions`,
  );
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        rows: { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const rows = Number(values.rows);
  if (!values.email || !Number.isInteger(rows) || rows < 1 || rows > 50_000_000) {
    console.error(`--email and --rows (a whole number from 1 to 50,000,000) are required.\n${USAGE}`);
    return 2;
  }
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  // PGlite is one process: the server must be stopped (the lock says so if it is not).
  const lock = url ? null : lockDataDir(dataDir);
  let database: Database | null = null;
  try {
    database = await openDatabase(url ? { url, dataDir: 'memory' } : { dataDir: join(dataDir, 'db') });
    await migrate(database);
    const started = Date.now();
    let last = 0;
    const result = await seedAccount(database, {
      email: values.email,
      rows,
      onProgress: (done) => {
        if (Date.now() - last > 5000) {
          last = Date.now();
          console.log(`  ${done.toLocaleString('en-US')} rows…`);
        }
      },
    });
    await analyze(database);
    console.log(
      `Added ${result.inserted.toLocaleString('en-US')} transactions to ${values.email} (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
    lock?.release();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) process.exitCode = await main();
