/** Transactions and their receipts (docs/transactions.md). Outside this folder, import only this file. */
export { receiptsRoutes } from './receipts.routes.js';
export { transactionsRoutes } from './transactions.routes.js';
export { presentTransaction } from './transactions.service.js';
export {
  type PortableTransactionRow,
  allReceiptKeys,
  countTransactions,
  exportTransactions,
  readReceiptImage,
  receiptKeysPage,
  storeRestoredReceipt,
} from './transactions.portable.js';
export { transactionsBulkRoutes } from './transactions-bulk.routes.js';
