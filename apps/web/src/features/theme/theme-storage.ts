import { STORAGE_KEYS } from '../../lib/storage';

export type Theme = 'dark' | 'light';

/** The theme the user chose, or null while they have not chosen one. */
export function storedTheme(): Theme | null {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return stored === 'dark' || stored === 'light' ? stored : null;
}

/** The stored theme, else the system's dark-mode preference. */
export function initialTheme(): Theme {
  const stored = storedTheme();
  if (stored) return stored;
  // Some environments (jsdom, embedded web views) have no matchMedia: they get the light theme.
  return 'matchMedia' in window && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
