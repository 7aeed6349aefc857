import type { Category, CategoryRef } from '@ledgerly/shared';
import type { categories } from '../../db/schema.js';

type Row = typeof categories.$inferSelect;

export function toCategory(row: Row): Category {
  return { id: row.id, name: row.name, type: row.type, color: row.color, icon: row.icon, isDefault: row.isDefault };
}

export function toCategoryRef(row: Pick<Row, 'id' | 'name' | 'color' | 'icon'>): CategoryRef {
  return { id: row.id, name: row.name, color: row.color, icon: row.icon };
}
