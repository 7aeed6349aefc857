import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { SECURITY_MSG, type ApiTokenInfo, type SessionInfo } from '@ledgerly/shared';
import { createQueryClient } from '../../../lib/query-client';
import { useFlash, FlashBanners } from '../../../components/ui/banner';
import { json, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render';
import { AccountSecurity } from './account-security';
import { describeDevice } from './copy-button';
import { groupSecret } from './two-factor-card';
import { exportFileName } from '../api/download-export';

const NOW = '2026-03-10T12:00:00.000Z';
const sessions: SessionInfo[] = [
  {
    id: 's1',
    current: true,
    browser: 'Firefox',
    os: 'Linux',
    device: 'desktop',
    ipAddress: '127.0.0.1',
    createdAt: NOW,
    lastUsedAt: NOW,
  },
  {
    id: 's2',
    current: false,
    browser: 'Safari',
    os: 'iOS',
    device: 'mobile',
    ipAddress: '10.0.0.7',
    createdAt: NOW,
    lastUsedAt: NOW,
  },
];
let tokens: ApiTokenInfo[];
let twoFactorEnabled: boolean;
/** A tiny fake API: the signed-in user and the security area's reads; each test adds its changes. */
let api: FetchStub;

beforeEach(() => {
  tokens = [];
  twoFactorEnabled = false;
  localStorage.setItem('token', 'session-token');
  localStorage.setItem(
    'user',
    JSON.stringify({
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      currency: 'USD',
      timezone: 'UTC',
    }),
  );
  api = stubFetch({
    'GET /api/auth/me': () => json(200, { data: JSON.parse(localStorage.getItem('user') ?? '{}') as unknown }),
    'GET /api/account/security': () =>
      json(200, { data: { twoFactorEnabled, recoveryCodesLeft: twoFactorEnabled ? 10 : 0 } }),
    'GET /api/account/sessions': json(200, { data: sessions }),
    'GET /api/account/tokens': () => json(200, { data: tokens }),
  });
});

function Harness() {
  const flash = useFlash();
  return (
    <>
      <FlashBanners flash={flash} />
      <AccountSecurity flash={flash} />
    </>
  );
}

function renderArea() {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<Harness />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { client: createQueryClient(), location: '/dashboard' },
  );
}

describe('Account & security', () => {
  it('the API-tokens card links to the API reference at /api/docs', async () => {
    renderArea();
    const region = screen.getByRole('region', { name: 'Personal API tokens' });
    const link = within(region).getByRole('link', { name: 'Ledgerly API reference' });
    expect(link).toHaveAttribute('href', '/api/docs');
    expect(await within(region).findByText('No API tokens yet.')).toBeInTheDocument();
  });

  it('lists sessions with "This device" and signs out another one', async () => {
    const user = userEvent.setup();
    api.on('DELETE /api/account/sessions/s2', new Response(null, { status: 204 }));
    renderArea();
    const region = screen.getByRole('region', { name: 'Where you are signed in' });
    expect(await within(region).findByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(region).getByText('This device')).toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: /^Sign out Safari on iOS \(mobile\)/ })).toHaveLength(1);
    await user.click(within(region).getByRole('button', { name: /^Sign out Safari/ }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/account/sessions/s2')).toHaveLength(1);
  });

  it('checks the new password locally, shows the server field error, and clears on success', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    api.on('PUT /api/account/password', () => {
      attempt += 1;
      return attempt === 1
        ? json(400, {
            code: 'VALIDATION_ERROR',
            message: SECURITY_MSG.wrongPassword,
            fields: { currentPassword: SECURITY_MSG.wrongPassword },
          })
        : new Response(null, { status: 204 });
    });
    renderArea();
    const region = screen.getByRole('region', { name: 'Change password' });
    await user.type(within(region).getByLabelText('Current password'), 'old-secret');
    await user.type(within(region).getByLabelText('New password'), 'new-secret-1');
    await user.type(within(region).getByLabelText('Repeat the new password'), 'new-secret-2');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(within(region).getByText('The passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/account/password')).toHaveLength(0);

    await user.clear(within(region).getByLabelText('Repeat the new password'));
    await user.type(within(region).getByLabelText('Repeat the new password'), 'new-secret-1');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByText(SECURITY_MSG.wrongPassword)).toBeInTheDocument();
    expect(within(region).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed. Every other session was signed out and your API tokens were revoked.'),
    ).toBeInTheDocument();
    expect(within(region).getByLabelText('Current password')).toHaveValue('');
    expect(api.callsTo('PUT /api/account/password').at(-1)?.init?.body).toBe(
      JSON.stringify({ currentPassword: 'old-secret', newPassword: 'new-secret-1', revokeApiTokens: true }),
    );
  }, 30_000);

  it('revokes the API tokens with the password by default, and keeps them when unticked', async () => {
    const user = userEvent.setup();
    tokens = [{ id: 't1', name: 'Spreadsheet', scope: 'read', createdAt: NOW, lastUsedAt: null }];
    api.on('PUT /api/account/password', ({ body }) => {
      if ((body as { revokeApiTokens: boolean }).revokeApiTokens) tokens = [];
      return new Response(null, { status: 204 });
    });
    renderArea();
    const region = screen.getByRole('region', { name: 'Change password' });
    const tokensRegion = screen.getByRole('region', { name: 'Personal API tokens' });
    expect(await within(tokensRegion).findByText('Spreadsheet')).toBeInTheDocument();
    const revoke = within(region).getByRole('checkbox', { name: 'Also revoke API tokens' });
    expect(revoke).toBeChecked();
    expect(revoke).toHaveAccessibleDescription('Scripts using them stop working until you create new ones.');
    const change = async (from: string, to: string) => {
      await user.type(within(region).getByLabelText('Current password'), from);
      await user.type(within(region).getByLabelText('New password'), to);
      await user.type(within(region).getByLabelText('Repeat the new password'), to);
      await user.click(within(region).getByRole('button', { name: 'Change password' }));
    };

    await user.click(revoke);
    expect(revoke).not.toBeChecked();
    await change('old-pw', 'new-pw1');
    expect(
      await screen.findByText('Password changed. Every other session was signed out; your API tokens still work.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/account/password').at(-1)?.body).toMatchObject({
      revokeApiTokens: false,
    });
    expect(within(tokensRegion).getByText('Spreadsheet')).toBeInTheDocument();

    await user.click(revoke);
    await change('new-pw1', 'new-pw2');
    expect(
      await screen.findByText('Password changed. Every other session was signed out and your API tokens were revoked.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/account/password').at(-1)?.body).toMatchObject({
      revokeApiTokens: true,
    });
    // The token list is read again and is empty now.
    await waitFor(() => expect(within(tokensRegion).queryByText('Spreadsheet')).not.toBeInTheDocument());
  }, 30_000);

  it('sets up two-factor: QR code and secret, a wrong then a right code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    api.on(
      'POST /api/account/2fa/setup',
      json(200, { data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrSvg: '<svg/>' } }),
    );
    api.on('POST /api/account/2fa/enable', ({ body }) => {
      if ((body as { code: string }).code !== '123456') {
        return json(400, {
          code: 'VALIDATION_ERROR',
          message: SECURITY_MSG.codeInvalid,
          fields: { code: SECURITY_MSG.codeInvalid },
        });
      }
      twoFactorEnabled = true;
      return json(200, { data: { recoveryCodes } });
    });
    renderArea();
    const region = screen.getByRole('region', { name: 'Two-factor sign-in' });
    await user.click(await within(region).findByRole('button', { name: 'Set up two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const input = within(dialog).getByLabelText('6-digit code');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');

    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(within(dialog).getByText(SECURITY_MSG.codeRequired)).toBeInTheDocument();
    await user.type(input, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(SECURITY_MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(region).findByText(/^On: .*10 recovery codes left/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
  });

  it('creates a token shown once, then revokes it after confirming', async () => {
    const user = userEvent.setup();
    api.on('POST /api/account/tokens', ({ body }) => {
      const info: ApiTokenInfo = {
        id: 't1',
        name: (body as { name: string }).name,
        scope: 'write',
        createdAt: NOW,
        lastUsedAt: null,
      };
      tokens = [info];
      return json(201, { data: { ...info, token: 'lgy_secret' } });
    });
    api.on('DELETE /api/account/tokens/t1', () => {
      tokens = [];
      return new Response(null, { status: 204 });
    });
    renderArea();
    const region = screen.getByRole('region', { name: 'Personal API tokens' });
    expect(await within(region).findByText('No API tokens yet.')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Create token' }));
    expect(within(region).getByText(SECURITY_MSG.tokenNameRequired)).toBeInTheDocument();

    await user.type(within(region).getByLabelText('Token name'), 'Sync');
    await user.selectOptions(within(region).getByLabelText('Access'), 'write');
    await user.click(within(region).getByRole('button', { name: 'Create token' }));
    expect(await within(region).findByTestId('new-token')).toHaveTextContent('lgy_secret');
    expect(api.callsTo('POST /api/account/tokens')[0]?.body).toEqual({
      name: 'Sync',
      scope: 'write',
    });
    const item = await within(region).findByRole('listitem');
    expect(item).toHaveTextContent('Never used');

    await user.click(within(region).getByRole('button', { name: 'Revoke token Sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token "Sync" revoked')).toBeInTheDocument();
    expect(await within(region).findByText('No API tokens yet.')).toBeInTheDocument();
    expect(within(region).queryByTestId('new-token')).not.toBeInTheDocument();
  });

  it('deletes the account with password and code when two-factor is on, then signs out', async () => {
    const user = userEvent.setup();
    twoFactorEnabled = true;
    api.on('DELETE /api/account', ({ body }) => {
      const { password } = body as { password: string };
      return password === 'right'
        ? new Response(null, { status: 204 })
        : json(400, {
            code: 'VALIDATION_ERROR',
            message: SECURITY_MSG.wrongPassword,
            fields: { password: SECURITY_MSG.wrongPassword },
          });
    });
    api.on('POST /api/auth/logout', json(401, { message: 'gone' }));
    renderArea();
    const region = screen.getByRole('region', { name: 'Delete account' });
    await user.click(within(region).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const code = await within(dialog).findByLabelText('Code');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText(SECURITY_MSG.codeRequired)).toBeInTheDocument();
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findAllByText(SECURITY_MSG.wrongPassword)).not.toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/account').at(-1)?.body).toEqual({
      password: 'right',
      code: '123456',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the server message when a restore is refused', async () => {
    const user = userEvent.setup();
    const sent: XMLHttpRequest[] = [];
    // The upload goes through XMLHttpRequest (for its progress): answer it with the 409.
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest) {
      sent.push(this);
      Object.defineProperty(this, 'status', { value: 409 });
      Object.defineProperty(this, 'responseText', {
        value: JSON.stringify({ code: 'CONFLICT', message: SECURITY_MSG.accountHasData }),
      });
      this.onload?.(new ProgressEvent('load'));
    });
    renderArea();
    const region = screen.getByRole('region', { name: 'Your data' });
    await user.click(within(region).getByRole('button', { name: 'Restore' }));
    expect(within(region).getByText(SECURITY_MSG.restoreFileRequired)).toBeInTheDocument();
    await user.upload(
      within(region).getByLabelText('Export file (.zip)'),
      new File(['PK'], 'export.zip', { type: 'application/zip' }),
    );
    await user.click(within(region).getByRole('button', { name: 'Restore' }));
    expect(await within(region).findByText(SECURITY_MSG.accountHasData)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    vi.restoreAllMocks();
  });
});

describe('helpers', () => {
  it('names devices, groups secrets and reads the export file name', () => {
    expect(describeDevice({ browser: 'Chrome', os: 'Android', device: 'mobile' })).toBe('Chrome on Android (mobile)');
    expect(describeDevice({ browser: null, os: null, device: null })).toBe('Unknown browser');
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(exportFileName('attachment; filename="ledgerly-export-2026-03-10.zip"', '2026-01-01')).toBe(
      'ledgerly-export-2026-03-10.zip',
    );
    expect(exportFileName(null, '2026-01-01')).toBe('ledgerly-export-2026-01-01.zip');
  });
});
