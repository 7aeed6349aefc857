import { IMPORT_MSG, type ImportBatch } from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { findAccount, openAccountsIn } from '../ledger/index.js';

/*
 * The statement's currency against the account's (DESIGN §12, issue 23): a CAD statement never
 * goes into a EUR account at face value. The check is made when the batch is read and again at
 * commit, against the account as it is then.
 */

/** What the file states: its currency, or several (then no account can take it as is). */
export interface StatementCurrency {
  currency?: string | undefined;
  currencies?: string[] | undefined;
}

export type CurrencyCheck = NonNullable<ImportBatch['currency']>;

/** The check of a statement's currency against account `accountId` (null: none chosen yet). */
export async function checkCurrency(
  db: Db,
  userId: string,
  stated: StatementCurrency | null | undefined,
  accountId: string | null,
): Promise<CurrencyCheck> {
  const statement = stated?.currency ?? null;
  const account = accountId ? await findAccount(db, userId, accountId) : null;
  const accountCurrency = account?.currency ?? null;
  if (!statement) return { statement, account: accountCurrency, matches: true, message: null, accounts: [] };
  const several = stated?.currencies && stated.currencies.length > 1 ? stated.currencies : null;
  const matches = !several && (!account || account.currency === statement);
  let message: string | null = null;
  if (several) message = IMPORT_MSG.severalCurrencies(several);
  else if (account && !matches) message = IMPORT_MSG.currencyMismatch(statement, account.name, account.currency);
  const accounts = matches ? [] : await openAccountsIn(db, userId, statement);
  return { statement, account: accountCurrency, matches, message, accounts };
}
