import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/storage';
import { type Theme, initialTheme } from './theme-storage';

interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(initialTheme);

  // Saved on each change; the dark marker on <html> follows.
  useEffect(() => {
    const root = document.documentElement;
    // Switch every colour at once: without this, elements with colour transitions fade one by one.
    root.classList.add('theme-switching');
    root.classList.toggle('dark', theme === 'dark');
    root.getBoundingClientRect(); // forces the style flush that applies both classes now
    const frame = requestAnimationFrame(() => root.classList.remove('theme-switching'));
    localStorage.setItem(STORAGE_KEYS.theme, theme);
    return () => cancelAnimationFrame(frame);
  }, [theme]);

  const toggleTheme = useCallback(() => setTheme((t) => (t === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ theme, toggleTheme, setTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
