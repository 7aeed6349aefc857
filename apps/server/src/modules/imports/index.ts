/** Statement imports (docs/imports.md). Outside this folder, import only this file. */
export { ImportJobs } from './import-jobs.js';
export { moveImportBatches } from './imports.accounts.js';
export { importsRoutes } from './imports.routes.js';
export { expireStale, recoverInterrupted } from './imports.service.js';
export {
  type PortableProfileRow,
  type PortableRuleRow,
  exportProfiles,
  exportRuleTags,
  exportRules,
  restoreProfiles,
  restoreRuleTags,
  restoreRules,
} from './imports.portable.js';
