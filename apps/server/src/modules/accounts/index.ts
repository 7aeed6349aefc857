/** Money accounts and their balances (docs/accounts.md). Outside this folder, import only this file. */
export { accountsRoutes } from './accounts.routes.js';
export { followSettingsCurrency } from './accounts.service.js';
