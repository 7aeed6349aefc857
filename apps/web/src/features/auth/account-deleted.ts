/**
 * After an account is deleted the app signs out and the sign-in page says so once. A guard may
 * reach /login before the deleting screen does, so the note is kept in sessionStorage, not in
 * the navigation state.
 */
const KEY = 'ledgerly.accountDeleted';

export function markAccountDeleted(): void {
  sessionStorage.setItem(KEY, '1');
}

export const wasAccountDeleted = (): boolean => sessionStorage.getItem(KEY) === '1';

export function forgetAccountDeleted(): void {
  sessionStorage.removeItem(KEY);
}
