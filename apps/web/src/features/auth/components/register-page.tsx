import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG, registerSchema } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { InputField } from '../../../components/ui/field';
import { Banner } from '../../../components/ui/banner';
import { errorMessage } from '../../../lib/error-message';
import { useAuth } from '../auth-context';
import { AuthCard } from './auth-card';

export function RegisterPage() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const parsed = registerSchema.safeParse(form);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0])] ??= issue.message;
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await register(form);
      void navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'Registration failed'));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Create Account"
      subtitle="Start tracking your money in minutes"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        {error && <Banner kind="error" message={error} />}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            label="First name (optional)"
            name="firstName"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
            error={fieldErrors.firstName}
            disabled={submitting}
            maxLength={50}
          />
          <InputField
            label="Last name (optional)"
            name="lastName"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
            error={fieldErrors.lastName}
            disabled={submitting}
            maxLength={50}
          />
        </div>
        <InputField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          error={fieldErrors.email}
          disabled={submitting}
        />
        <InputField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint={MSG.passwordHint}
          value={form.password}
          onChange={set('password')}
          error={fieldErrors.password}
          disabled={submitting}
        />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
