import { describe, expect, it } from 'vitest';
import { json, stubFetch } from './fetch-stub';

describe('stubFetch', () => {
  it('answers per method and path, a fixed answer on every call, and records each call', async () => {
    const api = stubFetch({ 'GET /api/settings': json(200, { data: { currency: 'EUR' } }) });
    api.on('PUT /api/settings', ({ body }) => json(200, { data: body }));

    const first = await fetch('/api/settings?fresh=1');
    const second = await fetch('/api/settings');
    expect(await first.json()).toEqual({ data: { currency: 'EUR' } });
    expect(await second.json()).toEqual({ data: { currency: 'EUR' } });
    const put = await fetch('/api/settings', { method: 'PUT', body: JSON.stringify({ currency: 'USD' }) });
    expect(await put.json()).toEqual({ data: { currency: 'USD' } });

    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/settings?fresh=1',
      'GET /api/settings',
      'PUT /api/settings',
    ]);
    expect(api.calls[0]?.query.get('fresh')).toBe('1');
    expect(api.callsTo('PUT /api/settings')[0]?.body).toEqual({ currency: 'USD' });
  });

  it('replaces an answer, says 404 to the unexpected, and fails like the network when told', async () => {
    const api = stubFetch({ 'POST /api/x': json(200, {}) });
    api.on('POST /api/x', json(409, { message: 'clash' }));
    expect((await fetch('/api/x', { method: 'POST' })).status).toBe(409);

    const unexpected = await fetch('/api/y', { method: 'DELETE' });
    expect(unexpected.status).toBe(404);
    expect(await unexpected.json()).toEqual({ message: 'unexpected DELETE /api/y' });

    api.otherwise(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetch('/api/y')).rejects.toThrow('Failed to fetch');
    expect(api.calls).toHaveLength(3);
  });

  it('is gone after each test: the tests above stubbed this path, now nothing answers it', async () => {
    await expect(fetch('/api/settings')).rejects.toThrow('No network in unit tests (/api/settings)');
    expect(stubFetch().calls).toHaveLength(0);
  });
});
