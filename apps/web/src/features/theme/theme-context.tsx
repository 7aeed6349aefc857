import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/storage';
import { type Theme, initialTheme, storedTheme } from './theme-storage';

interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initialTheme);

  // Until the user picks a theme, the app follows the system's preference, also when it changes
  // later; nothing is stored for a theme the user did not choose (spec §4: saved on each change).
  useEffect(() => {
    if (!('matchMedia' in window) || storedTheme() !== null) return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = (event: MediaQueryListEvent) => {
      if (storedTheme() === null) setThemeState(event.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  // The dark marker on <html> follows the theme.
  useEffect(() => {
    const root = document.documentElement;
    // Switch every colour at once: without this, elements with colour transitions fade one by one.
    root.classList.add('theme-switching');
    root.classList.toggle('dark', theme === 'dark');
    root.getBoundingClientRect(); // forces the style flush that applies both classes now
    const frame = requestAnimationFrame(() => root.classList.remove('theme-switching'));
    return () => cancelAnimationFrame(frame);
  }, [theme]);

  // A change the user makes is saved at once.
  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    setThemeState(next);
  }, []);
  const toggleTheme = useCallback(() => {
    setThemeState((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, toggleTheme, setTheme }), [theme, toggleTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
