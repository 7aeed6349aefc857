import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Account } from '@ledgerly/shared';
import { addDays } from '@ledgerly/shared';
import type { TestApp } from './build-test-app.js';
import { rowWrites } from './ledger-invariants.js';
import { multipart } from './multipart.js';

/*
 * The state and the requests of the random-write test (modules/ledger/balances.property.test.ts):
 * one user's ledger driven over HTTP only, choices drawn from a seeded PRNG. Every pick is taken
 * from lists kept in the order the test created things (never from the database's random ids or
 * physical order), so one seed replays the same operations. Every request must answer one of the
 * statuses the test foresees from the state before it (anything else, 5xx above all, fails), and
 * a request foreseen to be refused (4xx) must write no row (installWriteCounter; counted around
 * those requests only, which keeps the other requests at full speed).
 */

/** mulberry32: small, fast, and the same sequence for a seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A transaction as the test needs it to choose a request and foresee its answer. */
export interface Row {
  id: string;
  kind: 'regular' | 'transfer' | 'opening' | 'adjustment';
  status: 'pending' | 'uncleared' | 'cleared' | 'reconciled';
  type: 'income' | 'expense';
  accountId: string;
  cents: number;
  date: string;
  categoryId: string | null;
  closed: boolean;
  transferId: string | null;
  outId: string | null;
  inId: string | null;
}

export type AccountState = Pick<Account, 'id' | 'isDefault' | 'onBudget'> & { closed: boolean };

export class RandomLedger {
  readonly rand: () => number;
  /** Transaction ids, in the order the test learnt of them; deleted ones are dropped when met. */
  readonly pool: string[] = [];
  private readonly known = new Set<string>();
  /** Accounts in creation order (deleted ones removed). */
  accounts: AccountState[] = [];
  readonly categories: Record<'income' | 'expense', string[]> = { income: [], expense: [] };
  readonly batches: string[] = [];
  readonly reconciliations: string[] = [];
  /** Statement dates, and the first and last day of each of the last 13 months. */
  readonly hotDates: string[] = [];
  /** op → status → count. */
  readonly stats = new Map<string, Map<number, number>>();
  /** The last requests, for the failure message. */
  readonly log: string[] = [];
  op = '';

  constructor(
    readonly t: TestApp,
    readonly token: string,
    readonly userId: string,
    readonly today: string,
    seed: number,
  ) {
    this.rand = prng(seed);
    const [year, month] = today.split('-').map(Number) as [number, number];
    for (let back = 0; back < 13; back += 1) {
      const first = new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
      this.hotDates.push(first, addDays(first, -1));
    }
    this.hotDates.push(today);
  }

  int(n: number): number {
    return Math.floor(this.rand() * n);
  }

  chance(p: number): boolean {
    return this.rand() < p;
  }

  pick<T>(xs: readonly T[]): T | undefined {
    return xs.length ? xs[this.int(xs.length)] : undefined;
  }

  /**
   * A date of the last 400 days; one time in five a "hot" one (a statement date, a month's first
   * or last day), so that writes land on the boundaries the triggers must get right.
   */
  date(): string {
    if (this.chance(0.2)) return this.pick(this.hotDates)!;
    return addDays(this.today, -this.int(400));
  }

  cents(): number {
    return 1 + this.int(200_000);
  }

  type(): 'income' | 'expense' {
    return this.chance(0.35) ? 'income' : 'expense';
  }

  category(type: 'income' | 'expense'): string {
    return this.pick(this.categories[type])!;
  }

  account(open = true): AccountState | undefined {
    return this.pick(this.accounts.filter((a) => !open || !a.closed));
  }

  accountOf(id: string): AccountState | undefined {
    return this.accounts.find((a) => a.id === id);
  }

  learn(...ids: (string | null | undefined)[]): void {
    for (const id of ids) {
      if (id && !this.known.has(id)) {
        this.known.add(id);
        this.pool.push(id);
      }
    }
  }

  /**
   * Sends a request of the current operation and checks its status is one of `allowed` (all 2xx,
   * or all 4xx: then it must write nothing). Answers the response.
   */
  async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    allowed: number[],
    body?: object | { payload: Buffer; headers: Record<string, string> },
  ): Promise<LightMyRequestResponse> {
    const form = body && 'payload' in body && Buffer.isBuffer(body.payload);
    const refusal = allowed.every((status) => status >= 400);
    const before = refusal ? await rowWrites(this.t.db.db) : 0;
    const res = await this.t.request({
      method,
      url: `/api${url}`,
      token: this.token,
      ...(form ? body : body ? { payload: body } : {}),
    });
    const counts = this.stats.get(this.op) ?? new Map<number, number>();
    counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
    this.stats.set(this.op, counts);
    const shown = form ? '(file)' : body ? JSON.stringify(body) : '';
    this.log.push(`${this.op}: ${method} ${url} ${shown} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (this.log.length > 40) this.log.shift();
    expect(allowed, `${method} ${url} ${shown}: ${res.body}`).toContain(res.statusCode);
    if (refusal) expect(await rowWrites(this.t.db.db), `${method} ${url} was refused but wrote rows`).toBe(before);
    return res;
  }

  /** Sends a request that must write nothing whatever it answers (another user's, a refused one). */
  async sendAs(
    token: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    allowed: number[],
    payload?: object,
  ): Promise<void> {
    const before = await rowWrites(this.t.db.db);
    const res = await this.t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    this.log.push(`${this.op} (other user): ${method} ${url} → ${res.statusCode}`);
    expect(allowed, `${method} ${url} by another user: ${res.body}`).toContain(res.statusCode);
    expect(await rowWrites(this.t.db.db), `${method} ${url} by another user wrote rows`).toBe(before);
  }

  async query<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.t.db.db.execute(query));
  }

  /** One transaction of the user as it is now, or null when it is gone. */
  async row(id: string): Promise<Row | null> {
    // ::int: both drivers answer a JavaScript number.
    const [row] = await this.query<Row>(sql`
      select t.id, t.kind, t.status, t.type, t.account_id as "accountId", t.amount_cents::int as cents,
        t.date::text as date, t.category_id as "categoryId", a.closed_at is not null as closed,
        tr.id as "transferId", tr.out_transaction_id as "outId", tr.in_transaction_id as "inId"
      from transactions t join accounts a on a.id = t.account_id
      left join transfers tr on t.id in (tr.out_transaction_id, tr.in_transaction_id)
      where t.id = ${id} and t.user_id = ${this.userId}`);
    return row ?? null;
  }

  /** A live row of the pool satisfying `test` (a few tries), dropping gone ones met on the way. */
  async pickRow(test: (row: Row) => boolean = () => true, tries = 8): Promise<Row | null> {
    for (; tries > 0 && this.pool.length; tries -= 1) {
      const index = this.int(this.pool.length);
      const row = await this.row(this.pool[index]!);
      if (!row) {
        this.known.delete(this.pool[index]!);
        this.pool.splice(index, 1);
        continue;
      }
      if (test(row)) return row;
    }
    return null;
  }

  /** Learns rows the server made by itself (opening rows, an adjustment), in a stable order. */
  async learnNew(where: SQL): Promise<void> {
    const rows = await this.query<{ id: string }>(sql`
      select t.id from transactions t where t.user_id = ${this.userId} and ${where}
      order by t.created_at, t.description, t.date, t.amount_cents, t.type`);
    this.learn(...rows.map((r) => r.id));
  }

  /** The accounts as the API answers them, kept in creation order. */
  async refreshAccounts(): Promise<Account[]> {
    const res = await this.t.request({ method: 'GET', url: '/api/accounts', token: this.token });
    expect(res.statusCode, res.body).toBe(200);
    const all = res.json<{ data: Account[] }>().data;
    const byId = new Map(all.map((a) => [a.id, a]));
    const order = this.accounts.map((a) => a.id).filter((id) => byId.has(id));
    for (const a of all) if (!order.includes(a.id)) order.push(a.id);
    this.accounts = order.map((id) => {
      const a = byId.get(id)!;
      return { id, isDefault: a.isDefault, onBudget: a.onBudget, closed: !!a.closedAt };
    });
    return all;
  }

  /** The cleared balance of an account as of the end of `date`, from its rows (minor units). */
  async clearedAsOf(accountId: string, date: string): Promise<number> {
    const [row] = await this.query<{ c: string | number }>(sql`
      select coalesce(sum(case when type = 'income' then amount_cents else -amount_cents end), 0)::bigint as c
      from transactions where account_id = ${accountId} and date <= ${date}::date
        and status in ('cleared', 'reconciled')`);
    return Number(row?.c ?? 0);
  }

  /** A small statement file of `rows` [date, signed cents, description], CSV or OFX. */
  statement(
    rows: [string, number, string][],
    name: string,
    options: object,
  ): { payload: Buffer; headers: Record<string, string> } {
    const money = (c: number) => (c / 100).toFixed(2);
    const ofx = this.chance(0.3);
    const text = ofx
      ? `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD` +
        `<BANKACCTFROM><BANKID>1<ACCTID>${name}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n` +
        rows
          .map(
            ([d, c, text], i) =>
              `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${d.replaceAll('-', '')}<TRNAMT>${money(c)}<FITID>${name}-${i}<NAME>${text}</STMTTRN>`,
          )
          .join('\n') +
        `</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`
      : ['Date,Description,Amount', ...rows.map(([d, c, text]) => `${d},${text},${money(c)}`)].join('\n') + '\n';
    return multipart({ options: JSON.stringify(options) }, [
      { field: 'file', filename: ofx ? `${name}.ofx` : `${name}.csv`, data: Buffer.from(text) },
    ]);
  }
}
