/** The CSV and PDF exports of the ledger (docs/pdf-reports.md). Outside this folder, import only this file. */
export { exportRoutes } from './export.routes.js';
