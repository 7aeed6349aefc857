/** Tags (docs/tags.md). Outside this folder, import only this file. */
export { tagsRoutes } from './tags.routes.js';
