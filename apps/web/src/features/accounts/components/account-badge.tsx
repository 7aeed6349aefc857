import { Emoji } from '../../../components/ui/emoji';
import { accountColor, accountIcon } from '../lib/account-icons';
import type { Account } from '@ledgerly/shared';

/** An account's icon on a tint of its colour (decorative: the name is always beside it). */
export function AccountBadge({ account, size = 'md' }: { account: Account; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-12 w-12 text-2xl' : 'h-10 w-10 text-xl';
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full ${box}`}
      style={{ backgroundColor: `${accountColor(account)}2e` }}
    >
      <Emoji emoji={accountIcon(account)} />
    </span>
  );
}
