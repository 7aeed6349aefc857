import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { MSG, SECURITY_MSG } from '@ledgerly/shared';
import { createQueryClient } from '../../../lib/query-client';
import { json, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';

const user = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, currency: 'USD', timezone: 'UTC' };
let api: FetchStub;

beforeEach(() => {
  api = stubFetch({
    'POST /api/auth/login': json(200, { twoFactorRequired: true, challenge: 'c'.repeat(43) }),
  }).otherwise(json(404, {}));
});

/** The server's answer to the second step, per code sent. */
function answerTwoFactor(answer: (code: string) => Response) {
  api.on('POST /api/auth/login/2fa', ({ body }) => answer((body as { code?: string }).code ?? ''));
}

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { client: createQueryClient(), location: '/login' },
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
    answerTwoFactor((code) =>
      code === '123456'
        ? json(200, { token: 'tok', user })
        : json(400, {
            code: 'VALIDATION_ERROR',
            message: SECURITY_MSG.codeInvalid,
            fields: { code: SECURITY_MSG.codeInvalid },
          }),
    );
    renderLogin();
    const input = await firstStep(u);
    expect(screen.getAllByText(SECURITY_MSG.codePrompt).length).toBeGreaterThan(0);
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    await u.type(input, '12');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('The code has 6 digits')).toBeInTheDocument();

    await u.clear(input);
    await u.type(input, '999999');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MSG.codeInvalid)).toBeInTheDocument();
    await u.type(screen.getByLabelText('6-digit code'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('takes a recovery code instead, and the page says so', async () => {
    const u = userEvent.setup();
    answerTwoFactor((code) => (code === 'k7m2p-x9qrt' ? json(200, { token: 'tok2', user }) : json(400, {})));
    renderLogin();
    await firstStep(u);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Two-factor sign-in');
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in with a recovery code');
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeInTheDocument();
    expect(screen.queryByText(SECURITY_MSG.codePrompt)).not.toBeInTheDocument();
    await u.type(screen.getByLabelText('Recovery code'), 'k7m2p-x9qrt');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('sends an expired challenge back to the first step with the message', async () => {
    const u = userEvent.setup();
    answerTwoFactor(() => json(400, { code: 'INVALID_CREDENTIALS', message: SECURITY_MSG.challengeExpired }));
    renderLogin();
    const input = await firstStep(u);
    await u.type(input, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MSG.challengeExpired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('LoginPage first step', () => {
  it('reports both empty fields at once, on their fields, and sends nothing', async () => {
    const u = userEvent.setup();
    renderLogin();
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MSG.passwordRequired);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
    // Filling one clears its message only.
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription(MSG.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MSG.passwordRequired);
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('offers "Forgot password?"', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
