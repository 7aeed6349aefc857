import { useState, type SubmitEvent } from 'react';
import { changePasswordSchema } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PasswordField } from '../../../components/ui/secret-fields';
import type { Flash } from '../../../components/ui/banner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useChangePassword } from '../api/change-password';

type Fields = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The three password inputs, in order: key, label and what password managers should fill in. */
const PASSWORD_FIELDS: [Fields, string, 'current-password' | 'new-password'][] = [
  ['currentPassword', 'Current password', 'current-password'],
  ['newPassword', 'New password', 'new-password'],
  ['confirmPassword', 'Repeat the new password', 'new-password'],
];

/** Change the password: every other session is signed out; this one stays. */
export function PasswordCard({ flash }: { flash: Flash }) {
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Fields, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  // On by default: a password changed after a suspected break-in should not leave a token behind.
  const [revokeApiTokens, setRevokeApiTokens] = useState(true);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    const next: Partial<Record<Fields, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Fields;
        next[key] ??= issue.message;
      }
    }
    if (!next.newPassword && values.confirmPassword !== values.newPassword) {
      next.confirmPassword = 'The passwords do not match';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeApiTokens,
      });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      flash.showSuccess(
        revokeApiTokens
          ? 'Password changed. Every other session was signed out and your API tokens were revoked.'
          : 'Password changed. Every other session was signed out; your API tokens still work.',
      );
    } catch (error) {
      // A field's own message shows at the field; anything else in the banner.
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else flash.showError(errorMessage(error, 'Failed to change the password'));
    }
  }

  const set = (key: Fields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const busy = change.isPending;
  return (
    <Card role="region" aria-labelledby="account-password">
      <h3 id="account-password" className="text-base font-semibold">
        Change password
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Changing it signs out every other browser and device; this one stays signed in.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        {PASSWORD_FIELDS.map(([key, label, autoComplete]) => (
          <PasswordField
            key={key}
            label={label}
            autoComplete={autoComplete}
            value={values[key]}
            onChange={set(key)}
            error={errors[key]}
            disabled={busy}
          />
        ))}
        <div className="sm:col-span-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={revokeApiTokens}
                onChange={(e) => setRevokeApiTokens(e.target.checked)}
                disabled={busy}
                aria-describedby="revoke-api-tokens-hint"
                className="h-4 w-4"
              />
              Also revoke API tokens
            </label>
            <p id="revoke-api-tokens-hint" className="ml-6 text-slate-600 dark:text-slate-400">
              Scripts using them stop working until you create new ones.
            </p>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
