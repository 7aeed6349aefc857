/** Analytics: figures and series over the ledger (docs/analytics.md). Outside this folder, import only this file. */
export { analyticsRoutes } from './analytics.routes.js';
