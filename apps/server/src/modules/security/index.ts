/**
 * The signed-in user's own account: password, sessions, two-factor sign-in, API tokens, the
 * export and restore of all their data, and deleting it (docs/security.md; the paths stay
 * /api/account/*). Outside this folder, import only this file.
 */
export { securityRoutes } from './security.routes.js';
export { createTwoFactor } from './two-factor.service.js';
export { removeStaleRestoreFiles } from './restore.temp.js';
