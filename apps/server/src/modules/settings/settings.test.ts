import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '@ledgerly/shared';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';

const t = useTestApp();

describe('settings', () => {
  it('reads and updates names and currency; email never changes', async () => {
    const { token, user } = await registerUser(t, { firstName: 'Ann' });
    const get = await t.request({ method: 'GET', url: '/api/settings', token });
    expect(get.json().data).toEqual({ firstName: 'Ann', lastName: null, currency: 'USD' });
    const put = await t.request({
      method: 'PUT',
      url: '/api/settings',
      token,
      payload: { firstName: 'Anna', lastName: 'Smith', currency: 'EUR', email: 'evil@example.com' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ firstName: 'Anna', lastName: 'Smith', currency: 'EUR' });
    const me = await t.request({ method: 'GET', url: '/api/auth/me', token });
    expect(me.json().data).toMatchObject({ email: user.email, firstName: 'Anna', currency: 'EUR' });
  });

  it.each([
    [{ firstName: 'x'.repeat(51), currency: 'USD' }, 'firstName'],
    [{ lastName: 'x'.repeat(51), currency: 'USD' }, 'lastName'],
    [{ currency: 'BTC' }, 'currency'],
    [{}, 'currency'],
  ])('refuses %j and changes nothing', async (payload, field) => {
    const { token } = await registerUser(t, { firstName: 'Keep' });
    const res = await t.request({ method: 'PUT', url: '/api/settings', token, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBeTruthy();
    const get = await t.request({ method: 'GET', url: '/api/settings', token });
    expect(get.json().data).toEqual({ firstName: 'Keep', lastName: null, currency: 'USD' });
  });

  it('lists the 25 currencies with code, name, symbol and flag', async () => {
    const { token } = await registerUser(t);
    const res = await t.request({ method: 'GET', url: '/api/settings/currencies', token });
    const data = res.json().data;
    expect(data).toHaveLength(25);
    expect(data.map((c: { code: string }) => c.code)).toEqual(CURRENCIES.map((c) => c.code));
    expect(data[0]).toEqual({ code: 'USD', name: 'US Dollar', symbol: '$', flag: '🇺🇸' });
  });
});
