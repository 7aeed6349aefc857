import type { Account } from '@ledgerly/shared';
import { useMoney } from '../../../lib/use-currency';
import { owedOf } from '../lib/account-groups';

/**
 * An account's balance as the list shows it: an asset's balance; a card's "Owed $X · $Y
 * available"; another liability's amount owed.
 */
export function AccountBalanceLine({ account }: { account: Account }) {
  const { money } = useMoney();
  if (account.class === 'asset') {
    return (
      <span
        className={`font-semibold tabular-nums ${account.balance < 0 ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-slate-100'}`}
      >
        {money(account.balance)}
      </span>
    );
  }
  const owed = owedOf(account);
  const available = account.availableCredit;
  return (
    <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">
      {owed < 0 ? `In credit ${money(-owed)}` : `Owed ${money(owed)}`}
      {available !== undefined && available !== null && (
        <span className="block text-sm font-normal text-slate-600 sm:inline dark:text-slate-400">
          <span className="hidden sm:inline"> · </span>
          {money(available)} available
        </span>
      )}
    </span>
  );
}
