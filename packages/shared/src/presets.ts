/** The 15 colour presets and 30 icon presets of the category form. */
export const COLOR_PRESETS = [
  '#6366f1',
  '#ef4444',
  '#f97316',
  '#f59e0b',
  '#eab308',
  '#84cc16',
  '#22c55e',
  '#10b981',
  '#14b8a6',
  '#06b6d4',
  '#3b82f6',
  '#8b5cf6',
  '#a855f7',
  '#ec4899',
  '#64748b',
] as const;
export const DEFAULT_COLOR = '#6366f1';

export const ICON_PRESETS = [
  '📁',
  '🍔',
  '🛒',
  '🚗',
  '🏠',
  '💡',
  '📱',
  '🎬',
  '🏥',
  '💊',
  '📚',
  '✈️',
  '👕',
  '🎁',
  '🐾',
  '💼',
  '💰',
  '📈',
  '🏦',
  '💳',
  '🎮',
  '☕',
  '🍺',
  '⛽',
  '🚌',
  '🏋️',
  '💇',
  '🧾',
  '🔧',
  '🎓',
] as const;
export const DEFAULT_ICON = '📁';

export interface DefaultCategory {
  name: string;
  type: 'expense' | 'income';
  color: string;
  icon: string;
}

/** Created by POST /categories/initialize. */
export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  { name: 'Food & Dining', type: 'expense', color: '#f97316', icon: '🍔' },
  { name: 'Groceries', type: 'expense', color: '#22c55e', icon: '🛒' },
  { name: 'Transportation', type: 'expense', color: '#3b82f6', icon: '🚗' },
  { name: 'Housing', type: 'expense', color: '#8b5cf6', icon: '🏠' },
  { name: 'Utilities', type: 'expense', color: '#eab308', icon: '💡' },
  { name: 'Entertainment', type: 'expense', color: '#ec4899', icon: '🎬' },
  { name: 'Healthcare', type: 'expense', color: '#ef4444', icon: '🏥' },
  { name: 'Shopping', type: 'expense', color: '#a855f7', icon: '👕' },
  { name: 'Education', type: 'expense', color: '#06b6d4', icon: '📚' },
  { name: 'Other Expenses', type: 'expense', color: '#64748b', icon: '📁' },
  { name: 'Salary', type: 'income', color: '#10b981', icon: '💼' },
  { name: 'Freelance', type: 'income', color: '#14b8a6', icon: '💰' },
  { name: 'Investments', type: 'income', color: '#84cc16', icon: '📈' },
  { name: 'Gifts', type: 'income', color: '#f59e0b', icon: '🎁' },
  { name: 'Other Income', type: 'income', color: '#6366f1', icon: '🏦' },
];
