import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { SECURITY_MSG, type TwoFactorSetup } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { TotpCodeField } from '../../../components/ui/secret-fields';
import { Banner, type Flash } from '../../../components/ui/banner';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSecurityOverview } from '../api/get-security-overview';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { CopyButton } from './copy-button';
import { PasswordAndCodeFields } from './password-and-code-fields';

/** "JBSW Y3DP EHPK 3PXP": a secret in groups of four, easier to type. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Turn two-factor sign-in on (QR code, secret, a code, then the recovery codes) or off. */
export function TwoFactorCard({ flash }: { flash: Flash }) {
  const overview = useSecurityOverview();
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);
  const on = overview.data?.twoFactorEnabled ?? false;

  return (
    <Card role="region" aria-labelledby="account-2fa">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="account-2fa" className="text-base font-semibold">
            Two-factor sign-in
          </h3>
          {overview.isPending ? (
            <Spinner label="Loading two-factor status..." />
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="two-factor-status">
              {on
                ? `On: signing in asks for a code from your authenticator app. ${overview.data?.recoveryCodesLeft ?? 0} recovery codes left.`
                : 'Off: signing in needs only your password. Add a code from an authenticator app for more safety.'}
            </p>
          )}
        </div>
        {!overview.isPending &&
          (on ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('disable')}>
              Turn off two-factor sign-in
            </Button>
          ) : (
            <Button size="sm" onClick={() => setDialog('setup')}>
              Set up two-factor sign-in
            </Button>
          ))}
      </div>
      {dialog === 'setup' && (
        <SetupDialog onClose={() => setDialog(null)} onEnabled={() => flash.showSuccess('Two-factor sign-in is on')} />
      )}
      {dialog === 'disable' && (
        <DisableDialog
          onClose={() => setDialog(null)}
          onDisabled={() => {
            setDialog(null);
            flash.showSuccess('Two-factor sign-in is off');
          }}
        />
      )}
    </Card>
  );
}

function SetupDialog({ onClose, onEnabled }: { onClose: () => void; onEnabled: () => void }) {
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const { mutate: startSetup } = setup;

  // The setup starts once, when the dialog opens: each call makes a new secret.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startSetup(undefined, { onSuccess: setSecret });
  }, [startSetup]);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError(code.trim() ? SECURITY_MSG.codeInvalid : SECURITY_MSG.codeRequired);
      return;
    }
    try {
      setRecoveryCodes(await enable.mutateAsync(code));
      onEnabled();
    } catch (err) {
      setError(errorMessage(err, 'Failed to turn on two-factor sign-in'));
    }
  }

  const busy = enable.isPending;
  return (
    <Dialog open onClose={onClose} title="Set up two-factor sign-in" busy={busy}>
      {recoveryCodes ? (
        <div className="space-y-4">
          <Banner kind="success" message="Two-factor sign-in is on." />
          <p className="text-sm">
            Keep these <strong>recovery codes</strong> somewhere safe. Each one signs you in once if you lose your
            phone. They are shown only now.
          </p>
          <ol
            aria-label="Recovery codes"
            className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-sm dark:bg-slate-800"
          >
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CopyButton text={recoveryCodes.join('\n')} label="Copy recovery codes" />
            <Button onClick={onClose} data-autofocus>
              I have saved them
            </Button>
          </div>
        </div>
      ) : setup.isError ? (
        <Banner kind="error" message={errorMessage(setup.error, 'Failed to start the two-factor setup')} />
      ) : !secret ? (
        <Spinner label="Preparing your QR code..." />
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Open an authenticator app on your phone (for example Aegis, Google Authenticator or 1Password).</li>
            <li>Scan this QR code, or type the secret below.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
              alt="QR code to add Ledgerly to your authenticator app"
              width={176}
              height={176}
              className="rounded-lg bg-white p-2"
            />
            <div className="min-w-0 space-y-2">
              <p className="text-sm font-medium" id="totp-secret-label">
                Secret
              </p>
              <p
                aria-labelledby="totp-secret-label"
                data-testid="totp-secret"
                className="font-mono text-sm break-all select-all"
              >
                {groupSecret(secret.secret)}
              </p>
              <CopyButton text={secret.secret} label="Copy secret" />
            </div>
          </div>
          <TotpCodeField
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            disabled={busy}
            data-autofocus
          />
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Turning on...' : 'Turn on'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function DisableDialog({ onClose, onDisabled }: { onClose: () => void; onDisabled: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = 'Password is required';
    if (!code.trim()) next.code = SECURITY_MSG.codeRequired;
    setErrors(next);
    if (next.password || next.code) return;
    try {
      await disable.mutateAsync({ password, code });
      onDisabled();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      const message = errorMessage(err, 'Failed to turn off two-factor sign-in');
      // A message already shown at its field is not repeated above the form.
      setErrors({
        password: fields?.password,
        code: fields?.code,
        form: message === fields?.password || message === fields?.code ? undefined : message,
      });
    }
  }

  const busy = disable.isPending;
  return (
    <Dialog open onClose={onClose} title="Turn off two-factor sign-in" size="sm" busy={busy}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {errors.form && <Banner kind="error" message={errors.form} />}
        <p className="text-sm">
          Confirm with your password and a code from your authenticator app (or a recovery code).
        </p>
        <PasswordAndCodeFields
          password={password}
          onPassword={setPassword}
          code={{ value: code, onChange: setCode }}
          errors={errors}
          busy={busy}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Turning off...' : 'Turn off'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
