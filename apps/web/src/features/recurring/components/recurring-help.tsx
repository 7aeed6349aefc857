/** Explains when and how transactions are generated from a recurring item. */
export function RecurringHelp() {
  return (
    <div className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-xs text-indigo-950 dark:border-indigo-900 dark:bg-indigo-950/50 dark:text-indigo-100">
      <p className="font-semibold">How recurring transactions work</p>
      <ul className="mt-1.5 list-disc space-y-1 pl-4">
        <li>
          A transaction is created on each scheduled date from the start date (until the end date, if set):
          automatically when you open the dashboard, and by the server every hour even if nobody opens the app. Missed
          dates are caught up, each exactly once.
        </li>
        <li>
          Monthly on the 29th–31st falls on the last day of shorter months; yearly on 29 February falls on 28 February
          in other years.
        </li>
        <li>Generate creates the next transaction right away. Inactive items are never generated.</li>
      </ul>
    </div>
  );
}
