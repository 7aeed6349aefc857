export const TABS = [
  { id: 'dashboard', label: 'Dashboard', icon: '📊' },
  { id: 'transactions', label: 'Transactions', icon: '💳' },
  { id: 'accounts', label: 'Accounts', icon: '🏦' },
  { id: 'budgets', label: 'Budgets', icon: '🎯' },
  { id: 'recurring', label: 'Recurring', icon: '🔁' },
  { id: 'categories', label: 'Categories', icon: '🏷️' },
  { id: 'settings', label: 'Settings', icon: '⚙️' },
] as const;

export type TabId = (typeof TABS)[number]['id'];
