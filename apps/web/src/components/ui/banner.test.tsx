import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { BANNER_MS } from '@ledgerly/shared';
import { FlashBanners, useFlash, type Flash } from './banner';

let flash: Flash;
function Harness() {
  flash = useFlash();
  return <FlashBanners flash={flash} />;
}

describe('useFlash', () => {
  afterEach(() => vi.useRealTimers());

  it('clears a message after 3000 ms', () => {
    vi.useFakeTimers();
    render(<Harness />);
    act(() => flash.showSuccess('Transaction deleted successfully!'));
    expect(screen.getByRole('status')).toHaveTextContent('Transaction deleted successfully!');
    act(() => {
      vi.advanceTimersByTime(BANNER_MS - 1);
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives the same text shown again the full 3000 ms', () => {
    vi.useFakeTimers();
    render(<Harness />);
    act(() => flash.showSuccess('Transaction deleted successfully!'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => flash.showSuccess('Transaction deleted successfully!'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Transaction deleted successfully!');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('an error replaces a success and clears on its own clock', () => {
    vi.useFakeTimers();
    render(<Harness />);
    act(() => flash.showSuccess('Budget created successfully!'));
    act(() => flash.showError('Failed to delete budget'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete budget');
    act(() => {
      vi.advanceTimersByTime(BANNER_MS);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
