import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/stat-card';

export interface RecurringCounts {
  total: number;
  active: number;
  inactive: number;
}

/** The four summary cards: Total, Active, Inactive, Upcoming (30d) (with its 'View upcoming' button). */
export function RecurringSummary({
  counts,
  upcoming,
  onOpenUpcoming,
}: {
  counts: RecurringCounts;
  upcoming: number | null;
  /** Opens the list of those occurrences. */
  onOpenUpcoming: () => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard label="Total" value={counts.total} icon="🔁" />
      <StatCard label="Active" value={counts.active} tone="positive" icon="✅" />
      <StatCard label="Inactive" value={counts.inactive} icon="⏸️" />
      <StatCard
        label="Upcoming (30d)"
        value={upcoming ?? '–'}
        tone="accent"
        icon="📅"
        note="Transactions due in the next 30 days"
        action={
          <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={onOpenUpcoming}>
            View upcoming
          </Button>
        }
      />
    </div>
  );
}
