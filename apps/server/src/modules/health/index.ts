/** Liveness and readiness (docs/operations.md). Outside this folder, import only this file. */
export { healthRoutes } from './health.routes.js';
