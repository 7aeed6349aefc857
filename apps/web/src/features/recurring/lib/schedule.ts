import { daysBetween, type Frequency } from '@ledgerly/shared';

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/** The part of a recurring item that decides how its next date reads. */
export interface ScheduleState {
  nextDate: string | null;
  isActive: boolean;
}

/** An active item whose next date is earlier than today (in the user's time zone). */
export function isOverdue(item: ScheduleState, today: string): boolean {
  return item.isActive && item.nextDate !== null && item.nextDate < today;
}

/**
 * How far away the next date is, relative to today: 'Overdue', 'Today', 'Tomorrow' or
 * 'In N days'. 'Ended' when the series has no next date. An inactive item with a next date in
 * the past is paused, not overdue: it gets no label (null) and its date speaks for itself.
 */
export function relativeNextLabel(item: ScheduleState, today: string): string | null {
  if (item.nextDate === null) return 'Ended';
  const days = daysBetween(today, item.nextDate);
  if (days < 0) return item.isActive ? 'Overdue' : null;
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}
