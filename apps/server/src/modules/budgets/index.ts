/** Budgets and their alerts (docs/budgets.md). Outside this folder, import only this file. */
export { alertsRoutes } from './alerts.routes.js';
export { budgetsRoutes } from './budgets.routes.js';
export { type PortableBudgetRow, exportBudgets, restoreBudgets } from './budgets.portable.js';
