import { daysBetween, formatDate, type Frequency } from '@ledgerly/shared';

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

/**
 * The Generate confirmation: the spec's sentence, then the date the new transaction will carry.
 * The server dates it on the item's next date, or today when that date is still to come
 * (DESIGN §4), so generating early must say it: the transaction is not dated on its schedule.
 */
export function generateNowMessage(item: { description: string; nextDate: string | null }, today: string): string {
  const base = `Generate a transaction now for "${item.description}"? This will create a new transaction and update the next scheduled date.`;
  if (item.nextDate === null) return base;
  if (item.nextDate > today)
    return `${base} It will be dated today, ${formatDate(today)}, not on its next date, ${formatDate(item.nextDate)}.`;
  if (item.nextDate < today) return `${base} It will be dated ${formatDate(item.nextDate)}, the day it was due.`;
  return `${base} It will be dated today, ${formatDate(today)}.`;
}
