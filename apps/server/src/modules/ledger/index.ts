/**
 * The ledger: the one writer of `transactions` and the read model every module reads them
 * through (DESIGN §13, docs/architecture.md). Outside this folder, import only this file.
 */
export * as ledgerWriter from './ledger.writer.js';
export type { InsertableColumn, NewTransaction, OccurrenceSource, TransactionValues } from './ledger.writer.js';
export {
  countTransactions,
  countedAmountsSql,
  findTransaction,
  ledgerCounts,
  ledgerSums,
  listTransactions,
  matchingDescription,
  pageRows,
  receiptKeysInUse,
  sumTransactions,
} from './ledger.read-model.js';
export type {
  CategoryRefRow,
  LedgerSums,
  ListedRow,
  PageOptions,
  PageOrder,
  PagedRow,
  TransactionRow,
  TransactionWithCategory,
} from './ledger.read-model.js';
export { type Cursor, decodeCursor, encodeCursor } from './ledger.cursor.js';
export { type LedgerFilter, filterWhere, searchAmountRange } from './ledger.filter.js';
export {
  type TotalsFilter,
  type TotalsRange,
  type TotalsValues,
  onBudgetAccounts,
  shapeOf,
  splitRange,
  totalsIn,
  totalsSql,
  totalsValues,
} from './ledger.rollups.js';
export {
  type AccountRow,
  accountCount,
  accountForWrite,
  accountNamesOf,
  closedAccountIds,
  defaultAccount,
  findAccount,
  holdOpenAccounts,
  openAccountsIn,
} from './ledger.accounts.js';
// Export and restore (format 4): accounts, transfers, rejections, reconciliations.
export {
  type PortableAccountRow,
  type PortableReconciliationRow,
  type PortableRejectionRow,
  type PortableTransferRow,
  exportAccounts,
  exportReconciliations,
  exportRejections,
  exportTransfers,
  replaceAccounts,
  restoreReconciliations,
  restoreRejections,
  restoreTransfers,
} from './ledger.portable.js';
// Bulk edit of the transactions list (issue 25 item 4).
export { type BulkOutcome, type BulkSelection, applyBulk } from './ledger.bulk.js';
// Transfers and reconciliation (2/6, h-e): both legs of a transfer, cleared status, finishing and reopening.
export * as ledgerTransfers from './ledger.transfers.js';
export type { LegChange, TransferOccurrenceSource, TransferValues, TransferWithLegs } from './ledger.transfers.js';
export * as ledgerReconcile from './ledger.reconcile.js';
export type { ReconciliationRow } from './ledger.reconcile.js';
// Accounts API (2/6, accounts and balances): balances, register, net worth; opening rows and moves.
export {
  type BalanceCents,
  type NetWorthMonth,
  type RegisterListedRow,
  balanceAsOf,
  balancesAsOf,
  currentBalances,
  netWorthMonths,
  registerPage,
} from './ledger.balances.js';
export * as accountsWriter from './ledger.accounts-writer.js';
// Imports into accounts and transfer matching (h-f): linking matched rows into transfers.
export {
  type LegPair,
  STAGED_TABLE,
  analyzeStaged,
  insertOpeningRow,
  insertStaged,
  linkPair,
  linkPairs,
  linkStagedPairs,
  stageSelected,
} from './ledger.links.js';
// Tags (3/6, h-tags): a transaction's tags, the tag filter, bulk add/remove, spending by tag.
export {
  type TagTotalRow,
  addTagToRows,
  copyRecurringTags,
  insertTransactionTags,
  removeTagFromRows,
  requireTags,
  setRecurringTags,
  tagsOfRecurring,
  tagTotals,
  tagWriteError,
  tagsOfRows,
  unknownTag,
  withTags,
} from './ledger.tags.js';
// Split transactions (3/6, DESIGN §11): a split row's lines, written by the writer.
export {
  type LineValues,
  type LineWithCategory,
  countCategoryLines,
  insertLines,
  isSplit,
  linesOf,
  rowOfLines,
  signedSum,
} from './ledger.lines.js';
