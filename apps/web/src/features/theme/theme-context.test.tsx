import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, useTheme } from './theme-context';
import { ThemeToggle } from './theme-toggle';
import { AuthProvider, useAuth } from '../auth/auth-context';

function setSystemDark(dark: boolean) {
  window.matchMedia = ((query: string) => ({ matches: dark && query.includes('dark'), media: query })) as never;
}

describe('ThemeProvider', () => {
  it('starts from the system preference and stores each change', async () => {
    setSystemDark(true);
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('prefers the stored theme', () => {
    setSystemDark(true);
    localStorage.setItem('theme', 'light');
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('throws outside its provider', () => {
    const Probe = () => {
      useTheme();
      return null;
    };
    expect(() => render(<Probe />)).toThrow('useTheme must be used within a ThemeProvider');
  });
});

describe('AuthProvider', () => {
  it('throws outside its provider', () => {
    const Probe = () => {
      useAuth();
      return null;
    };
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
    // The provider itself needs a query client; rendering it bare is a programming error too.
    expect(() => render(<AuthProvider>{null}</AuthProvider>)).toThrow();
  });
});
