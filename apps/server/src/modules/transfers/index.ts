/** Transfers between accounts (docs/accounts.md). Outside this folder, import only this file. */
export { transfersRoutes } from './transfers.routes.js';
export { checkCategory, presentTransfer } from './transfers.service.js';
