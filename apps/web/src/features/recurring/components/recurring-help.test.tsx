import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecurringHelp } from './recurring-help';

describe('RecurringHelp', () => {
  it('says what the README and docs/recurring.md say: the server generates due items every hour', () => {
    render(<RecurringHelp />);
    expect(screen.getByText(/by the server every hour/)).toBeInTheDocument();
    expect(screen.queryByText(/once a day/)).not.toBeInTheDocument();
  });
});
