/**
 * Sign-up, sign-in, sessions and API tokens, and the limits on guessing (docs/architecture.md).
 * Outside this folder, import only this file.
 */
export { authPublicRoutes, authRoutes } from './auth.routes.js';
export { passwordResetRoutes } from './password-reset.routes.js';
export { createResetLink, resetPasswordNow } from './password-reset.service.js';
export {
  API_TOKEN_PREFIX,
  changePassword,
  confirmPassword,
  credentialForToken,
  deleteExpiredSessions,
  deleteUser,
  hashToken,
  listSessions,
  recordUse,
  revokeOtherSessions,
  revokeSession,
  updateProfile,
} from './auth.service.js';
export { TWO_FACTOR_CODE_LIMIT, accountLimit, countedTry } from './account-limits.js';
export { deleteExpiredSignInCounters } from './sign-in-limits.js';
