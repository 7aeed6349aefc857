/** Recurring transactions and their generation (docs/recurring.md). Outside this folder, import only this file. */
export { recurringRoutes } from './recurring.routes.js';
export { generateDueForItem } from './recurring.generator.js';
export { listDueForSweep } from './recurring.service.js';
export { type PortableRecurringRow, countRecurring, exportRecurring, restoreRecurring } from './recurring.portable.js';
export { hasRecurringIn, moveRecurringAccount, recurringTransfersBetween } from './recurring.accounts.js';
