import { STORAGE_KEYS } from '../../lib/storage';

export type Theme = 'dark' | 'light';

/** The stored theme, else the system's dark-mode preference. */
export function initialTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  if (stored === 'dark' || stored === 'light') return stored;
  // Some environments (jsdom, embedded web views) have no matchMedia: they get the light theme.
  return 'matchMedia' in window && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
