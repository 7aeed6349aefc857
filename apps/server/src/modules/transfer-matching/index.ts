/** Transfer matching (docs/accounts.md "Transfer matching"). Outside this folder, import only this file. */
export { transferMatchingRoutes } from './matching.routes.js';
export { match as matchTransfers } from './matching.service.js';
