import { describe, expect, it } from 'vitest';
import { MAX_PARALLEL_DECODES, withDecodeSlot } from './receipt-image.js';

describe('withDecodeSlot', () => {
  it('never runs more than MAX_PARALLEL_DECODES at once, and runs every one in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      withDecodeSlot(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return i;
      }),
    );
    // Release them one by one as they start.
    while (started.length < 6 || gates.length) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(MAX_PARALLEL_DECODES);
  });

  it('frees the slot when the work fails', async () => {
    // As many failures as there are slots: a leaked slot would leave none, and the next would hang.
    for (let i = 0; i < MAX_PARALLEL_DECODES; i++) {
      await expect(withDecodeSlot(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    }
    await expect(withDecodeSlot(async () => 'ok')).resolves.toBe('ok');
    const results = await Promise.all([1, 2, 3].map((n) => withDecodeSlot(async () => n)));
    expect(results).toEqual([1, 2, 3]);
  });
});
