import { useState, type SubmitEvent } from 'react';
import {
  TOKEN_SCOPES,
  createTokenSchema,
  type ApiTokenInfo,
  type CreatedApiToken,
  type TokenScope,
} from '@ledgerly/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InputField, SelectField } from '../../../components/ui/field';
import type { Flash } from '../../../components/ui/banner';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCreateToken } from '../api/create-token';
import { useTokens } from '../api/get-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { CopyButton, formatWhen } from './copy-button';

const SCOPE_LABEL: Record<TokenScope, string> = {
  read: 'Read only',
  write: 'Read and write',
};

/** Personal API tokens for scripts: create (shown once), list with last use, revoke. */
export function TokensCard({ flash }: { flash: Flash }) {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenInfo | null>(null);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createTokenSchema.safeParse({ name, scope });
    if (!parsed.success) {
      setNameError(parsed.error.issues.find((i) => i.path[0] === 'name')?.message);
      return;
    }
    setNameError(undefined);
    try {
      setCreated(await create.mutateAsync(parsed.data));
      setName('');
    } catch (error) {
      if (error instanceof ApiError) setNameError(error.fields?.name);
      flash.showError(errorMessage(error, 'Failed to create the API token'));
    }
  }

  async function onRevoke() {
    const token = revoking;
    if (!token) return;
    await flash.run(
      () => revoke.mutateAsync(token.id),
      `Token "${token.name}" revoked`,
      'Failed to revoke the API token',
    );
    if (created?.id === token.id) setCreated(null);
    setRevoking(null);
  }

  const list = tokens.data ?? [];
  return (
    <Card role="region" aria-labelledby="account-tokens">
      <h3 id="account-tokens" className="text-base font-semibold">
        Personal API tokens
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        For your own scripts: send it as <code className="font-mono">Authorization: Bearer lgy_…</code>. A read-only
        token cannot change anything. Tokens cannot manage the account. Every call is described in the{' '}
        {/* A page of the server, not of the app: a plain link, opened in a new tab. */}
        <a
          href="/api/docs"
          target="_blank"
          rel="noopener"
          className="font-medium text-indigo-700 underline underline-offset-2 hover:no-underline dark:text-indigo-300"
        >
          Ledgerly API reference
        </a>
        .
      </p>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      >
        <InputField
          label="Token name"
          placeholder="e.g. Spreadsheet sync"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          disabled={create.isPending}
        />
        <SelectField
          label="Access"
          value={scope}
          onChange={(e) => setScope(e.target.value as TokenScope)}
          disabled={create.isPending}
        >
          {TOKEN_SCOPES.map((s) => (
            <option key={s} value={s}>
              {SCOPE_LABEL[s]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create token'}
        </Button>
      </form>

      {created && (
        <div
          role="region"
          aria-labelledby="new-token-title"
          className="mt-4 space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/60"
        >
          <p id="new-token-title" className="text-sm font-semibold">
            Your new token &quot;{created.name}&quot;: copy it now, it is not shown again.
          </p>
          <p data-testid="new-token" className="font-mono text-sm break-all select-all">
            {created.token}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CopyButton text={created.token} label="Copy token" />
            <Button variant="ghost" size="sm" onClick={() => setCreated(null)}>
              Hide
            </Button>
          </div>
        </div>
      )}

      {tokens.isPending ? (
        <Spinner label="Loading API tokens..." />
      ) : tokens.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {errorMessage(tokens.error, 'Failed to load API tokens')}
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No API tokens yet.</p>
      ) : (
        <ul aria-label="API tokens" className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium break-words">
                  {t.name}{' '}
                  <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {SCOPE_LABEL[t.scope]}
                  </span>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Created {formatWhen(t.createdAt)} ·{' '}
                  {t.lastUsedAt ? `Last used ${formatWhen(t.lastUsedAt)}` : 'Never used'}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Revoke token ${t.name}`}
                onClick={() => setRevoking(t)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        message={`Scripts using "${revoking?.name ?? ''}" stop working at once.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        onConfirm={onRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
