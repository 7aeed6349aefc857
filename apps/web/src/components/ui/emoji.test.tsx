import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { DEFAULT_CATEGORIES, ICON_PRESETS } from '@ledgerly/shared';
import { TABS } from '../../features/shell/tabs';
import { EMOJI_SVG } from './emoji-assets';
import { Emoji } from './emoji';

describe('Emoji', () => {
  it('has a bundled drawing for every preset icon, default category and tab', () => {
    const needed = [...ICON_PRESETS, ...DEFAULT_CATEGORIES.map((c) => c.icon), ...TABS.map((t) => t.icon)];
    expect(needed.filter((e) => !EMOJI_SVG[e])).toEqual([]);
    // A file URL in the build (a data URL where the test runner inlines it).
    for (const e of needed) expect(EMOJI_SVG[e]).toMatch(/\.svg$|^data:image\/svg\+xml/);
  });

  it('draws the SVG, hidden from assistive technology unless labelled', () => {
    const { container } = render(<Emoji emoji="☕" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(EMOJI_SVG['☕']);
    expect(img).toHaveAttribute('aria-hidden', 'true');
    expect(img).toHaveAttribute('alt', '');
    const labelled = render(<Emoji emoji="☕" label="Coffee" />);
    expect(labelled.getByRole('img', { name: 'Coffee' })).toBeInTheDocument();
  });

  it('falls back to the character for an emoji it has no drawing of', () => {
    const { container } = render(<Emoji emoji="🦄" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('🦄');
  });
});
