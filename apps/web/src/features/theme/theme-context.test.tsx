import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, useTheme } from './theme-context';
import { ThemeToggle } from './theme-toggle';
import { AuthProvider, useAuth } from '../auth/auth-context';

let listeners: ((event: { matches: boolean }) => void)[] = [];

function setSystemDark(dark: boolean) {
  listeners = [];
  window.matchMedia = ((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => {
      listeners = listeners.filter((l) => l !== listener);
    },
  })) as never;
}

/** The operating system switches its colour scheme while the app is open. */
function switchSystem(dark: boolean) {
  act(() => {
    for (const listener of listeners) listener({ matches: dark });
  });
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

  it('stores nothing until the user toggles, and follows a later system switch meanwhile', async () => {
    setSystemDark(false);
    render(
      <ThemeProvider>
        <ThemeToggle />
      </ThemeProvider>,
    );
    expect(localStorage.getItem('theme')).toBeNull();
    switchSystem(true);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(localStorage.getItem('theme')).toBe('light');
    // Once chosen, the user's theme stays whatever the system does.
    switchSystem(true);
    expect(document.documentElement).not.toHaveClass('dark');
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
