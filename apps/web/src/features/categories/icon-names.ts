import type { ICON_PRESETS } from '@ledgerly/shared';

/** Spoken names of the 30 icon presets, so screen-reader users can pick one too. */
export const ICON_NAMES: Record<(typeof ICON_PRESETS)[number], string> = {
  '📁': 'Folder',
  '🍔': 'Burger',
  '🛒': 'Shopping cart',
  '🚗': 'Car',
  '🏠': 'House',
  '💡': 'Light bulb',
  '📱': 'Mobile phone',
  '🎬': 'Clapper board',
  '🏥': 'Hospital',
  '💊': 'Pill',
  '📚': 'Books',
  '✈️': 'Airplane',
  '👕': 'T-shirt',
  '🎁': 'Gift',
  '🐾': 'Paw prints',
  '💼': 'Briefcase',
  '💰': 'Money bag',
  '📈': 'Chart going up',
  '🏦': 'Bank',
  '💳': 'Credit card',
  '🎮': 'Video game',
  '☕': 'Coffee',
  '🍺': 'Beer',
  '⛽': 'Fuel pump',
  '🚌': 'Bus',
  '🏋️': 'Weight lifting',
  '💇': 'Haircut',
  '🧾': 'Receipt',
  '🔧': 'Wrench',
  '🎓': 'Graduation cap',
};

export function iconName(icon: string): string {
  return (ICON_NAMES as Record<string, string>)[icon] ?? icon;
}
