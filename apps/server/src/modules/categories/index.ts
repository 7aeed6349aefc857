/** Categories (docs/categories-settings-public.md). Outside this folder, import only this file. */
export { categoriesRoutes } from './categories.routes.js';
export { checkLineCategories, findCategory, findOrCreate, list, toCategoryRef } from './categories.service.js';
export {
  type PortableCategoryRow,
  countCategories,
  exportCategories,
  restoreCategories,
} from './categories.portable.js';
