import type { AccountKind } from '@ledgerly/shared';

/** The icon an account shows when it has none of its own. */
export const KIND_ICONS: Record<AccountKind, string> = {
  checking: '🏦',
  savings: '💰',
  cash: '💸',
  credit_card: '💳',
  line_of_credit: '💳',
  loan: '📄',
  mortgage: '🏠',
  investment: '📈',
  property: '🏠',
  vehicle: '🚗',
  other_asset: '💼',
  other_liability: '🧾',
};

/** Icons offered in the account form (all drawn from the app's bundled emoji). */
export const ACCOUNT_ICON_CHOICES = ['🏦', '💰', '💸', '💳', '📄', '🏠', '📈', '🚗', '💼', '🧾'] as const;

/** Colours offered in the account form (Tailwind 500s: readable as a tint in both themes). */
export const ACCOUNT_COLOR_CHOICES = [
  '#6366f1',
  '#22c55e',
  '#0ea5e9',
  '#f59e0b',
  '#ef4444',
  '#a855f7',
  '#14b8a6',
  '#64748b',
] as const;

export const accountIcon = (a: { icon: string | null; kind: AccountKind }) => a.icon ?? KIND_ICONS[a.kind];
export const accountColor = (a: { color: string | null }) => a.color ?? '#64748b';
