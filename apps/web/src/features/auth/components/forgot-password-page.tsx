import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG, RESET_MSG } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { getPasswordResetOptions, requestPasswordReset } from '../api/auth-api';
import { AuthCard } from './auth-card';

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/**
 * "Forgot password?": asks for the email and has the server e-mail a one-time link. The answer
 * is the same whether or not an account uses the email. On a server that sends no e-mail
 * (SMTP_URL unset) it says so and who can help instead (docs/security.md, "Password reset").
 */
export function ForgotPasswordPage() {
  const options = useQuery({
    queryKey: ['auth', 'password-reset'],
    queryFn: async () => (await getPasswordResetOptions()).data,
  });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputId = useId();
  const focusEmail = () => document.getElementById(inputId)?.focus();

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    if (!email.trim()) {
      setFieldError(MSG.emailRequired);
      focusEmail();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await requestPasswordReset({ email: email.trim() });
      setSent(answer.message);
    } catch (failure) {
      const onField = failure instanceof ApiError ? failure.fields?.email : undefined;
      if (onField) {
        setFieldError(onField);
        focusEmail();
      } else setError(errorMessage(failure, 'Failed to send the reset link'));
    } finally {
      setSubmitting(false);
    }
  }

  const footer = (
    <>
      Remembered it?{' '}
      <Link to="/login" className={linkClass}>
        Back to sign in
      </Link>
    </>
  );

  if (options.isPending) {
    return (
      <AuthCard title="Forgot password?" subtitle="Get a link to choose a new one" footer={footer}>
        <p role="status" className="text-center text-sm text-slate-600 dark:text-slate-400">
          Loading...
        </p>
      </AuthCard>
    );
  }

  if (options.data && !options.data.byEmail) {
    return (
      <AuthCard title="Forgot password?" subtitle="Ask the person who runs this server" footer={footer}>
        <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <p>{RESET_MSG.unavailable}</p>
          <p>
            If that is you: run{' '}
            <code className="rounded bg-slate-100 px-1 py-0.5 break-all dark:bg-slate-800">
              npm run user:reset-password -- --email you@example.com
            </code>{' '}
            on the server for a one-time link, or set <code>SMTP_URL</code> so that this page can e-mail it.
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password?" subtitle="We will e-mail you a link to choose a new one" footer={footer}>
      {sent ? (
        <div className="space-y-4">
          <Banner kind="success" message={sent} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Nothing after a few minutes? Check the spam folder, or{' '}
            <button type="button" className={linkClass} onClick={() => setSent(null)}>
              ask again
            </button>
            .
          </p>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
          {error && <Banner kind="error" message={error} />}
          <InputField
            id={inputId}
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setFieldError(undefined);
            }}
            error={fieldError}
            disabled={submitting}
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
