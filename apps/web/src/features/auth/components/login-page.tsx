import { useEffect, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG, SECURITY_MSG } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { TotpCodeField } from '../../../components/ui/secret-fields';
import { Banner } from '../../../components/ui/banner';
import { errorMessage } from '../../../lib/error-message';
import { useAuth } from '../auth-context';
import { AuthCard } from './auth-card';
import { forgetAccountDeleted, wasAccountDeleted } from '../account-deleted';

export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [accountDeleted] = useState(wasAccountDeleted);
  useEffect(forgetAccountDeleted, []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    // Both empty fields are reported at once (checked here by hand: this page stays without zod).
    const missing = {
      email: email.trim() ? undefined : MSG.emailRequired,
      password: password ? undefined : MSG.passwordRequired,
    };
    setFieldErrors(missing);
    if (missing.email || missing.password) {
      e.currentTarget
        .querySelector<HTMLInputElement>(missing.email ? 'input[name="email"]' : 'input[name="password"]')
        ?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const second = await login({ email, password });
      if (second) {
        setChallenge(second.challenge);
        setSubmitting(false);
        return;
      }
      void navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Login failed'));
      setSubmitting(false);
    }
  }

  const footer = (
    <>
      Don&apos;t have an account?{' '}
      <Link to="/register" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Create one free
      </Link>
    </>
  );

  if (challenge) {
    return (
      <AuthCard
        title={recovery ? 'Sign in with a recovery code' : 'Two-factor sign-in'}
        subtitle={recovery ? RECOVERY_PROMPT : SECURITY_MSG.codePrompt}
        footer={footer}
      >
        <SecondStep
          challenge={challenge}
          recovery={recovery}
          onRecoveryChange={setRecovery}
          onRestart={(message) => {
            setChallenge(null);
            setRecovery(false);
            setPassword('');
            setError(message);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to save money" footer={footer}>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        {accountDeleted && !error && <Banner kind="success" message="Your account was deleted." />}
        {error && <Banner kind="error" message={error} />}
        <InputField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldErrors((f) => ({ ...f, email: undefined }));
          }}
          error={fieldErrors.email}
          disabled={submitting}
        />
        <InputField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldErrors((f) => ({ ...f, password: undefined }));
          }}
          error={fieldErrors.password}
          disabled={submitting}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}

const RECOVERY_PROMPT = 'Enter one of the recovery codes you saved when you turned two-factor sign-in on';

/**
 * The second step of a sign-in with two-factor on: a 6-digit code from the authenticator app, or
 * one of the recovery codes (the page's heading says which). An expired challenge sends the user
 * back to the first step.
 */
export function SecondStep({
  challenge,
  recovery,
  onRecoveryChange,
  onRestart,
}: {
  challenge: string;
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  onRestart: (message: string) => void;
}) {
  const { loginTwoFactor } = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(recovery ? 'Enter one of your recovery codes' : SECURITY_MSG.codeRequired);
      return;
    }
    if (!recovery && !/^\d{6}$/.test(value.replace(/\s/g, ''))) {
      setError('The code has 6 digits');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await loginTwoFactor(challenge, value);
      void navigate('/dashboard', { replace: true });
    } catch (err) {
      const message = errorMessage(err, 'Login failed');
      setSubmitting(false);
      if (message === SECURITY_MSG.challengeExpired) {
        onRestart(message);
        return;
      }
      setError(message);
      setCode('');
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
      {recovery ? (
        <InputField
          key="recovery"
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint="One of the 10 codes you saved when you turned two-factor sign-in on; each works once."
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error ?? undefined}
          disabled={submitting}
        />
      ) : (
        <TotpCodeField
          key="totp"
          hint={SECURITY_MSG.codePrompt}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          disabled={submitting}
        />
      )}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        variant="ghost"
        className="w-full"
        disabled={submitting}
        onClick={() => {
          onRecoveryChange(!recovery);
          setCode('');
          setError(null);
        }}
      >
        {recovery ? 'Use the code from your authenticator app' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}
