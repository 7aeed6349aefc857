import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { MSG, RESET_MSG } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { resetPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/** The token of a reset link: /reset-password#token=… (a fragment is never sent to a server). */
function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The page a reset link opens: a new password, twice. The token is read from the address and
 * then taken out of it (and out of the history). Setting the password signs the account out
 * everywhere; the user then signs in with it (two-factor, if on, is still asked).
 */
export function ResetPasswordPage() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [linkError, setLinkError] = useState<string | null>(token ? null : RESET_MSG.linkInvalid);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordId = useId();
  const confirmId = useId();

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const next = {
      password: !password
        ? MSG.passwordRequired
        : password.length < 6
          ? MSG.passwordMin
          : password.length > 128
            ? MSG.passwordMax
            : undefined,
      confirm: confirm === password ? undefined : 'The passwords do not match',
    };
    setFieldErrors(next);
    if (next.password || next.confirm) {
      document.getElementById(next.password ? passwordId : confirmId)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      setDone((await resetPassword({ token, password })).message);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      if (fields?.token) setLinkError(fields.token);
      else if (fields?.password) {
        setFieldErrors({ password: fields.password });
        document.getElementById(passwordId)?.focus();
      } else setError(errorMessage(failure, 'Failed to reset the password'));
    } finally {
      setSubmitting(false);
    }
  }

  const footer = (
    <Link to="/login" className={linkClass}>
      Back to sign in
    </Link>
  );

  if (done) {
    return (
      <AuthCard title="Password reset" subtitle="Sign in with your new password" footer={footer}>
        <Banner kind="success" message={done} />
        <Link
          to="/login"
          className="mt-4 block w-full rounded-lg bg-indigo-600 px-4 py-2 text-center font-medium text-white hover:bg-indigo-700"
        >
          Sign In
        </Link>
      </AuthCard>
    );
  }

  if (linkError) {
    return (
      <AuthCard title="Choose a new password" subtitle="This link cannot be used" footer={footer}>
        <Banner kind="error" message={linkError} />
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Every device will be signed out" footer={footer}>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        {error && <Banner kind="error" message={error} />}
        <InputField
          id={passwordId}
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          hint={MSG.passwordHint}
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldErrors((f) => ({ ...f, password: undefined }));
          }}
          error={fieldErrors.password}
          disabled={submitting}
        />
        <InputField
          id={confirmId}
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setFieldErrors((f) => ({ ...f, confirm: undefined }));
          }}
          error={fieldErrors.confirm}
          disabled={submitting}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
