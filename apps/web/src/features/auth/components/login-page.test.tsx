import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ACCOUNT_MSG } from '@ledgerly/shared';
import { createQueryClient } from '../../../lib/query-client';
import { AuthProvider } from '../auth-context';
import { ThemeProvider } from '../../theme/theme-context';
import { LoginPage } from './login-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, currency: 'USD', timezone: 'UTC' };
let twoFactorAnswer: (code: string) => Response;

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as never;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input, init) => {
    const path = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost').pathname;
    const body = JSON.parse((init?.body as string | undefined) ?? '{}') as { code?: string };
    if (path === '/api/auth/login')
      return Promise.resolve(json(200, { twoFactorRequired: true, challenge: 'c'.repeat(43) }));
    if (path === '/api/auth/login/2fa') return Promise.resolve(twoFactorAnswer(body.code ?? ''));
    return Promise.resolve(json(404, {}));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderLogin() {
  return render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <AuthProvider>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/dashboard" element={<p>Dashboard page</p>} />
            </Routes>
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

async function firstStep(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText('Email'), 'ada@example.com');
  await u.type(screen.getByLabelText('Password'), 'secret123');
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
  return screen.findByLabelText('6-digit code');
}

describe('LoginPage second step', () => {
  it('asks for the code, shows a wrong code clearly, then signs in', async () => {
    const u = userEvent.setup();
    twoFactorAnswer = (code) =>
      code === '123456'
        ? json(200, { token: 'tok', user })
        : json(400, {
            code: 'VALIDATION_ERROR',
            message: ACCOUNT_MSG.codeInvalid,
            fields: { code: ACCOUNT_MSG.codeInvalid },
          });
    renderLogin();
    const input = await firstStep(u);
    expect(screen.getAllByText(ACCOUNT_MSG.codePrompt).length).toBeGreaterThan(0);
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    await u.type(input, '12');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code has 6 digits')).toBeInTheDocument();

    await u.clear(input);
    await u.type(input, '999999');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(ACCOUNT_MSG.codeInvalid)).toBeInTheDocument();
    await u.type(screen.getByLabelText('6-digit code'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('takes a recovery code instead', async () => {
    const u = userEvent.setup();
    twoFactorAnswer = (code) => (code === 'k7m2p-x9qrt' ? json(200, { token: 'tok2', user }) : json(400, {}));
    renderLogin();
    await firstStep(u);
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await u.type(screen.getByLabelText('Recovery code'), 'k7m2p-x9qrt');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('sends an expired challenge back to the first step with the message', async () => {
    const u = userEvent.setup();
    twoFactorAnswer = () => json(400, { code: 'INVALID_CREDENTIALS', message: ACCOUNT_MSG.challengeExpired });
    renderLogin();
    const input = await firstStep(u);
    await u.type(input, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(ACCOUNT_MSG.challengeExpired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
