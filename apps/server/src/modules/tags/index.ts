/** Tags (docs/tags.md). Outside this folder, import only this file. */
export { tagsRoutes } from './tags.routes.js';
export { type PortableTagRow, exportTags, restoreTags } from './tags.portable.js';
export { create as createTag, list as listTags } from './tags.service.js';
