import { useState } from 'react';
import { LIMITS, addDays, shownCategory, type RecurringTransaction, type UpcomingOccurrence } from '@ledgerly/shared';
import { FlashBanners, useFlash } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { Segmented } from '../../../components/ui/segmented';
import { Spinner } from '../../../components/ui/spinner';
import { useToday } from '../../../lib/use-currency';
import { useDeleteRecurring } from '../api/delete-recurring';
import { useGenerateAllRecurring } from '../api/generate-all-recurring';
import { useGenerateRecurring } from '../api/generate-recurring';
import { useRecurring } from '../api/get-recurring';
import { useUpcomingRecurring } from '../api/get-upcoming-recurring';
import { RecurringFormModal } from './recurring-form-modal';
import { FILTER_LABELS, RecurringList, type RecurringFilter } from './recurring-list';
import { RecurringSummary } from './recurring-summary';
import { generateNowMessage } from '../lib/schedule';
import { UpcomingDialog } from './upcoming-dialog';

/** The skipped occurrences of the upcoming window (and overdue ones), as upcoming rows. */
export function skippedOccurrences(items: RecurringTransaction[], today: string): UpcomingOccurrence[] {
  const until = addDays(today, LIMITS.upcomingDays);
  return items.flatMap((item) =>
    item.skippedDates
      .filter((date) => date <= until)
      .map((date) => ({
        recurringId: item.id,
        date,
        description: item.description,
        amount: item.amount,
        type: item.type,
        category: shownCategory(item),
      })),
  );
}

type Confirm = { kind: 'delete' | 'generate'; item: RecurringTransaction } | null;
type Form = { open: boolean; item: RecurringTransaction | null };

const FILTERS: readonly RecurringFilter[] = ['all', 'active', 'inactive'];

/** The Recurring Transactions tab: summary, filters, the item grid, and their dialogs. */
export function RecurringTab() {
  const today = useToday();
  const flash = useFlash();
  const recurring = useRecurring();
  const upcoming = useUpcomingRecurring();
  const generateAll = useGenerateAllRecurring();
  const generateOne = useGenerateRecurring();
  const remove = useDeleteRecurring();
  const [filter, setFilter] = useState<RecurringFilter>('all');
  const [form, setForm] = useState<Form>({ open: false, item: null });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [upcomingOpen, setUpcomingOpen] = useState(false);

  // A failed load shows its banner once per failure (set during render, React's pattern for
  // reacting to a changed value without an extra effect pass).
  const [shownErrorAt, setShownErrorAt] = useState(0);
  if (recurring.error && recurring.errorUpdatedAt !== shownErrorAt) {
    setShownErrorAt(recurring.errorUpdatedAt);
    flash.showError(recurring.error.message);
  }

  const items = recurring.data ?? [];
  const counts = {
    total: items.length,
    active: items.filter((i) => i.isActive).length,
    inactive: items.filter((i) => !i.isActive).length,
  };
  const shown = filter === 'all' ? items : items.filter((i) => i.isActive === (filter === 'active'));

  const openCreate = () => setForm({ open: true, item: null });

  function runGenerateAll() {
    generateAll.mutate(undefined, {
      onSuccess: (res) => flash.showSuccess(res.message || 'Transactions generated successfully!'),
      onError: (err) => flash.showError(err.message),
    });
  }

  async function runConfirmed() {
    if (!confirm) return;
    const { kind, item } = confirm;
    if (kind === 'delete') {
      await flash.run(
        () => remove.mutateAsync(item.id),
        'Recurring transaction deleted successfully!',
        'Failed to delete recurring transaction',
      );
    } else {
      await flash.run(
        () => generateOne.mutateAsync(item.id),
        'Transaction generated successfully!',
        'Failed to generate transaction',
      );
    }
    setConfirm(null);
  }

  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <PageHeader
        title="Recurring Transactions"
        subtitle="Automate your regular income and expenses"
        actions={
          <>
            <Button
              variant="secondary"
              onClick={runGenerateAll}
              disabled={generateAll.isPending || counts.active === 0}
            >
              {generateAll.isPending ? 'Generating...' : 'Generate All'}
            </Button>
            <Button onClick={openCreate}>Add Recurring</Button>
          </>
        }
      />
      <FlashBanners flash={flash} />
      <RecurringSummary
        counts={counts}
        upcoming={upcoming.data ? upcoming.data.length : null}
        onOpenUpcoming={() => setUpcomingOpen(true)}
      />
      <Segmented<RecurringFilter>
        label="Show recurring transactions"
        value={filter}
        onChange={setFilter}
        options={FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f], badge: counts[f === 'all' ? 'total' : f] }))}
      />
      {recurring.isPending ? (
        <Spinner />
      ) : recurring.isError && !recurring.data ? (
        <div className="flex justify-center py-8">
          <Button variant="secondary" onClick={() => void recurring.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <RecurringList
          items={shown}
          filter={filter}
          today={today}
          onCreate={openCreate}
          onGenerate={(item) => setConfirm({ kind: 'generate', item })}
          onEdit={(item) => setForm({ open: true, item })}
          onDelete={(item) => setConfirm({ kind: 'delete', item })}
        />
      )}

      <UpcomingDialog
        open={upcomingOpen}
        onClose={() => setUpcomingOpen(false)}
        occurrences={upcoming.data}
        skipped={skippedOccurrences(items, today)}
        failed={upcoming.isError}
        today={today}
        items={items}
      />
      <RecurringFormModal
        open={form.open}
        item={form.item}
        today={today}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(message) => {
          setForm((f) => ({ ...f, open: false }));
          flash.showSuccess(message);
        }}
      />
      <ConfirmDialog
        open={confirm?.kind === 'delete'}
        title="Delete Recurring Transaction"
        message={`Are you sure you want to delete "${confirm?.item.description ?? ''}"? This will not delete any transactions that were already generated.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={runConfirmed}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm?.kind === 'generate'}
        title="Generate Transaction"
        message={confirm ? generateNowMessage(confirm.item, today) : ''}
        confirmLabel="Generate"
        busyLabel="Generating..."
        busy={generateOne.isPending}
        danger={false}
        onConfirm={runConfirmed}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
