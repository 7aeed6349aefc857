import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { SECURITY_MSG } from '@ledgerly/shared';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useAuth } from '../../auth/auth-context';
import { markAccountDeleted } from '../../auth/account-deleted';
import { useDeleteUserAccount } from '../api/delete-user-account';
import { useSecurityOverview } from '../api/get-security-overview';
import { PasswordAndCodeFields } from './password-and-code-fields';

/** Deletes the account and everything in it after the password (and a code with two-factor on). */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" aria-labelledby="account-delete" className="border-red-200 dark:border-red-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="account-delete" className="text-base font-semibold text-red-700 dark:text-red-400">
            Delete account
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Deletes your account, every transaction, budget, category, recurring item and receipt at once. This cannot
            be undone: export your data first if you want to keep it.
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      {open && <DeleteDialog onClose={() => setOpen(false)} />}
    </Card>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const overview = useSecurityOverview();
  const remove = useDeleteUserAccount();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const needsCode = overview.data?.twoFactorEnabled ?? false;

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = 'Password is required';
    if (needsCode && !code.trim()) next.code = SECURITY_MSG.codeRequired;
    setErrors(next);
    if (next.password || next.code) return;
    try {
      await remove.mutateAsync(needsCode ? { password, code } : { password });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      const message = errorMessage(err, 'Failed to delete the account');
      // A message already shown at its field is not repeated above the form.
      setErrors({
        password: fields?.password,
        code: fields?.code,
        form: message === fields?.password || message === fields?.code ? undefined : message,
      });
      return;
    }
    // The session is gone with the account: forget it here too; the sign-in page says why.
    markAccountDeleted();
    await logout();
    void navigate('/login', { replace: true });
  }

  const busy = remove.isPending;
  return (
    <Dialog open onClose={onClose} title="Delete your account?" size="sm" busy={busy}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        {errors.form && <Banner kind="error" message={errors.form} />}
        <p className="text-sm">
          Everything in this account is deleted at once and cannot be brought back. Confirm with your password
          {needsCode ? ' and a code from your authenticator app' : ''}.
        </p>
        <PasswordAndCodeFields
          password={password}
          onPassword={setPassword}
          code={
            needsCode
              ? { value: code, onChange: setCode, hint: 'From your authenticator app, or a recovery code' }
              : undefined
          }
          errors={errors}
          busy={busy}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
