import { useState } from 'react';
import type { SessionInfo } from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { Flash } from '../../../components/ui/banner';
import { errorMessage } from '../../../lib/error-message';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { describeDevice, formatWhen } from './copy-button';

/** Where the account is signed in, with sign out one or all the others. */
export function SessionsCard({ flash }: { flash: Flash }) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);

  async function signOut(session: SessionInfo) {
    await flash.run(() => revoke.mutateAsync(session.id), 'Session signed out', 'Failed to sign out the session');
  }

  async function signOutOthers() {
    try {
      const n = await revokeOthers.mutateAsync();
      flash.showSuccess(n === 1 ? '1 other session signed out' : `${n} other sessions signed out`);
    } catch (error) {
      flash.showError(errorMessage(error, 'Failed to sign out the other sessions'));
    }
    setConfirmOthers(false);
  }

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Card role="region" aria-labelledby="account-sessions">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="account-sessions" className="text-base font-semibold">
            Where you are signed in
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Sign out any session you do not recognise, then change your password.
          </p>
        </div>
        <Button variant="secondary" size="sm" disabled={others === 0} onClick={() => setConfirmOthers(true)}>
          Sign out all other sessions
        </Button>
      </div>
      {sessions.isPending ? (
        <Spinner label="Loading sessions..." />
      ) : sessions.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {errorMessage(sessions.error, 'Failed to load sessions')}
        </p>
      ) : (
        <ul aria-labelledby="account-sessions" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium">
                  {describeDevice(s)}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {s.ipAddress ?? 'Unknown address'} · Last used {formatWhen(s.lastUsedAt)} · Signed in{' '}
                  {formatWhen(s.createdAt)}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Sign out ${describeDevice(s)}, last used ${formatWhen(s.lastUsedAt)}`}
                  disabled={revoke.isPending}
                  onClick={() => void signOut(s)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmOthers}
        title="Sign out all other sessions?"
        message="Every other browser and device signed in to this account is signed out at once. This one stays signed in."
        confirmLabel="Sign out others"
        busyLabel="Signing out..."
        busy={revokeOthers.isPending}
        onConfirm={signOutOthers}
        onCancel={() => setConfirmOthers(false)}
      />
    </Card>
  );
}
