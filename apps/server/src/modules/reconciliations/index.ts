/** Reconciling accounts against statements (docs/accounts.md). Outside this folder, import only this file. */
export { reconciliationsRoutes } from './reconciliations.routes.js';
