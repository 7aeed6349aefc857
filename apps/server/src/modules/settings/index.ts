/** The user's settings (docs/categories-settings-public.md). Outside this folder, import only this file. */
export { settingsRoutes } from './settings.routes.js';
export { type PortableSettings, exportSettings, restoreSettings } from './settings.portable.js';
