import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-context';
import { ThemeProvider } from '../features/theme/theme-context';

/**
 * A query client for component tests: a failed read fails at once (no retries with back-off
 * delays) and data put in the cache stays fresh, so a seeded screen makes no request of its own.
 */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

export interface RenderWithProvidersOptions {
  /** The query client; a fresh createTestQueryClient() by default. Pass createQueryClient() for the app's own rules. */
  client?: QueryClient;
  /** Query data already in the cache, as if loaded: [query key, data] pairs. */
  data?: readonly (readonly [QueryKey, unknown])[];
  /** Where the in-memory router starts. */
  location?: string;
}

/**
 * Renders `ui` inside the providers the app wraps every screen in (app/providers.tsx): theme,
 * query client, authentication (signed in when a token is in localStorage) and a router, here an
 * in-memory one. Returns Testing Library's result with the query client.
 *
 * The theme (and the charts' reduced-motion check) read matchMedia, which every browser has and
 * jsdom lacks: unless the test gave one, a light-scheme, full-motion screen that never changes
 * stands in, put back after the test (test-setup.ts).
 */
export function renderWithProviders(
  ui: ReactElement,
  { client = createTestQueryClient(), data = [], location = '/' }: RenderWithProvidersOptions = {},
): RenderResult & { client: QueryClient } {
  if (typeof window.matchMedia !== 'function') stubMatchMedia();
  for (const [key, value] of data) client.setQueryData(key, value);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <MemoryRouter initialEntries={[location]}>{children}</MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
  return Object.assign(render(ui, { wrapper }), { client });
}

function stubMatchMedia(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
