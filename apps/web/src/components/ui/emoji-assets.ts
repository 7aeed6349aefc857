/**
 * The emoji the app draws, as Twemoji SVG files (graphics by Twitter, Inc. and other
 * contributors, CC-BY 4.0, https://github.com/jdecked/twemoji; files from the @twemoji/svg
 * package). Emoji fonts are missing on many systems (a Linux desktop, a kiosk, a server
 * rendering a screenshot), where the characters show as empty boxes; these files look the same
 * everywhere. Each is a separate, year-cached asset (vite.config.ts keeps SVGs out of the bundle).
 *
 * Generated list: the 30 preset category icons (ICON_PRESETS) and the app's decorative emoji.
 */
import e_1f4c1 from '@twemoji/svg/1f4c1.svg?url';
import e_1f354 from '@twemoji/svg/1f354.svg?url';
import e_1f6d2 from '@twemoji/svg/1f6d2.svg?url';
import e_1f697 from '@twemoji/svg/1f697.svg?url';
import e_1f3e0 from '@twemoji/svg/1f3e0.svg?url';
import e_1f4a1 from '@twemoji/svg/1f4a1.svg?url';
import e_1f4f1 from '@twemoji/svg/1f4f1.svg?url';
import e_1f3ac from '@twemoji/svg/1f3ac.svg?url';
import e_1f3e5 from '@twemoji/svg/1f3e5.svg?url';
import e_1f48a from '@twemoji/svg/1f48a.svg?url';
import e_1f4da from '@twemoji/svg/1f4da.svg?url';
import e_2708 from '@twemoji/svg/2708.svg?url';
import e_1f455 from '@twemoji/svg/1f455.svg?url';
import e_1f381 from '@twemoji/svg/1f381.svg?url';
import e_1f43e from '@twemoji/svg/1f43e.svg?url';
import e_1f4bc from '@twemoji/svg/1f4bc.svg?url';
import e_1f4b0 from '@twemoji/svg/1f4b0.svg?url';
import e_1f4c8 from '@twemoji/svg/1f4c8.svg?url';
import e_1f3e6 from '@twemoji/svg/1f3e6.svg?url';
import e_1f4b3 from '@twemoji/svg/1f4b3.svg?url';
import e_1f3ae from '@twemoji/svg/1f3ae.svg?url';
import e_2615 from '@twemoji/svg/2615.svg?url';
import e_1f37a from '@twemoji/svg/1f37a.svg?url';
import e_26fd from '@twemoji/svg/26fd.svg?url';
import e_1f68c from '@twemoji/svg/1f68c.svg?url';
import e_1f3cb from '@twemoji/svg/1f3cb.svg?url';
import e_1f487 from '@twemoji/svg/1f487.svg?url';
import e_1f9fe from '@twemoji/svg/1f9fe.svg?url';
import e_1f527 from '@twemoji/svg/1f527.svg?url';
import e_1f393 from '@twemoji/svg/1f393.svg?url';
import e_1f4ca from '@twemoji/svg/1f4ca.svg?url';
import e_1f3af from '@twemoji/svg/1f3af.svg?url';
import e_1f501 from '@twemoji/svg/1f501.svg?url';
import e_1f3f7 from '@twemoji/svg/1f3f7.svg?url';
import e_2699 from '@twemoji/svg/2699.svg?url';
import e_1f4b8 from '@twemoji/svg/1f4b8.svg?url';
import e_1f4c9 from '@twemoji/svg/1f4c9.svg?url';
import e_2696 from '@twemoji/svg/2696.svg?url';
import e_26a0 from '@twemoji/svg/26a0.svg?url';
import e_2705 from '@twemoji/svg/2705.svg?url';
import e_23f8 from '@twemoji/svg/23f8.svg?url';
import e_1f514 from '@twemoji/svg/1f514.svg?url';
import e_1f4c5 from '@twemoji/svg/1f4c5.svg?url';
import e_1f4c4 from '@twemoji/svg/1f4c4.svg?url';
import e_2728 from '@twemoji/svg/2728.svg?url';
import e_1f331 from '@twemoji/svg/1f331.svg?url';
import e_1f91d from '@twemoji/svg/1f91d.svg?url';
import e_1f6e1 from '@twemoji/svg/1f6e1.svg?url';
import e_1f512 from '@twemoji/svg/1f512.svg?url';
import e_1f4ac from '@twemoji/svg/1f4ac.svg?url';
import e_2600 from '@twemoji/svg/2600.svg?url';
import e_1f319 from '@twemoji/svg/1f319.svg?url';

/** Emoji → URL of its SVG. Keys are the emoji as the app stores them (with any FE0F). */
export const EMOJI_SVG: Readonly<Record<string, string>> = {
  '📁': e_1f4c1,
  '🍔': e_1f354,
  '🛒': e_1f6d2,
  '🚗': e_1f697,
  '🏠': e_1f3e0,
  '💡': e_1f4a1,
  '📱': e_1f4f1,
  '🎬': e_1f3ac,
  '🏥': e_1f3e5,
  '💊': e_1f48a,
  '📚': e_1f4da,
  '✈️': e_2708,
  '👕': e_1f455,
  '🎁': e_1f381,
  '🐾': e_1f43e,
  '💼': e_1f4bc,
  '💰': e_1f4b0,
  '📈': e_1f4c8,
  '🏦': e_1f3e6,
  '💳': e_1f4b3,
  '🎮': e_1f3ae,
  '☕': e_2615,
  '🍺': e_1f37a,
  '⛽': e_26fd,
  '🚌': e_1f68c,
  '🏋️': e_1f3cb,
  '💇': e_1f487,
  '🧾': e_1f9fe,
  '🔧': e_1f527,
  '🎓': e_1f393,
  '📊': e_1f4ca,
  '🎯': e_1f3af,
  '🔁': e_1f501,
  '🏷️': e_1f3f7,
  '⚙️': e_2699,
  '💸': e_1f4b8,
  '📉': e_1f4c9,
  '⚖️': e_2696,
  '⚠️': e_26a0,
  '✅': e_2705,
  '⏸️': e_23f8,
  '🔔': e_1f514,
  '📅': e_1f4c5,
  '📄': e_1f4c4,
  '✨': e_2728,
  '🌱': e_1f331,
  '🤝': e_1f91d,
  '🛡️': e_1f6e1,
  '🔒': e_1f512,
  '💬': e_1f4ac,
  '☀️': e_2600,
  '🌙': e_1f319,
};
