import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CURRENCY, formatMoney, formatSigned, localTimeZone, todayIn } from '@ledgerly/shared';
import { useAuth } from '../features/auth/auth-context';
import { settingsQueryOptions } from './settings-query';

/** The user's preferred currency; USD if it cannot be read. */
export function useCurrency(): string {
  const { data } = useQuery(settingsQueryOptions);
  return data?.currency ?? DEFAULT_CURRENCY;
}

/** Money formatters bound to the user's currency. */
export function useMoney() {
  const currency = useCurrency();
  return {
    currency,
    money: (amount: number) => formatMoney(amount, currency),
    signed: (amount: number, type: 'income' | 'expense') => formatSigned(amount, type, currency),
  };
}

/** Today as YYYY-MM-DD in the user's time zone (the server uses the same). */
export function useToday(): string {
  const { user } = useAuth();
  return todayIn(user?.timezone ?? localTimeZone());
}
