import type { Reconciliation } from '@ledgerly/shared';
import {
  ACCOUNT_MSG,
  fromCents,
  reconciliationFinishSchema,
  reconciliationInputSchema,
  todayIn,
} from '@ledgerly/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { objectBody, parse } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { type ReconciliationRow, findAccount, ledgerReconcile } from '../ledger/index.js';
import * as repo from './reconciliations.repository.js';

/**
 * A reconciliation in the API's shape. A finished one answers the difference the triggers keep
 * (0 when done); an open one the difference now, against the cleared balance as of its date.
 */
async function present(db: Db, row: ReconciliationRow): Promise<Reconciliation> {
  const cleared = await ledgerReconcile.clearedAsOf(db, row.accountId, row.statementDate);
  const difference = row.state === 'open' ? row.statementBalanceCents - cleared : row.differenceCents;
  return {
    id: row.id,
    accountId: row.accountId,
    statementDate: row.statementDate,
    statementBalance: fromCents(row.statementBalanceCents),
    state: row.state,
    cleared: fromCents(cleared),
    difference: fromCents(difference),
    adjustmentTransactionId: row.adjustmentTransactionId,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownAccount(db: Db, userId: string, accountId: string) {
  const account = await findAccount(db, userId, accountId);
  if (!account) throw notFound('Account');
  return account;
}

/** POST /accounts/{id}/reconciliations: starts one, or restates the account's open one. */
export async function start(db: Db, owner: Viewer, accountId: string, body: unknown): Promise<Reconciliation> {
  const account = await ownAccount(db, owner.id, accountId);
  const data = parse(reconciliationInputSchema(todayIn(owner.timezone)), body);
  if (account.closedAt) throw conflict(ACCOUNT_MSG.closed);
  const row = await repo.startReconciliation(db, owner.id, account.id, data.statementDate, data.statementBalance);
  return present(db, row);
}

/** GET /accounts/{id}/reconciliations: newest statement first. */
export async function list(db: Db, owner: Viewer, accountId: string): Promise<Reconciliation[]> {
  const account = await ownAccount(db, owner.id, accountId);
  const rows = await repo.listReconciliations(db, owner.id, account.id);
  return Promise.all(rows.map((r) => present(db, r)));
}

export async function get(db: Db, owner: Viewer, id: string): Promise<Reconciliation> {
  const row = await repo.findReconciliation(db, owner.id, id);
  if (!row) throw notFound('Reconciliation');
  return present(db, row);
}

export async function finish(db: Db, owner: Viewer, id: string, body: unknown): Promise<Reconciliation> {
  const { adjust } = parse(reconciliationFinishSchema, objectBody(body));
  const finished = await ledgerReconcile.finishReconciliation(db, owner.id, id, adjust ?? false);
  if (!finished) throw notFound('Reconciliation');
  return present(db, finished.reconciliation);
}

export async function reopen(db: Db, owner: Viewer, id: string): Promise<Reconciliation> {
  const reopened = await ledgerReconcile.reopenReconciliation(db, owner.id, id);
  if (!reopened) throw notFound('Reconciliation');
  return present(db, reopened.reconciliation);
}
