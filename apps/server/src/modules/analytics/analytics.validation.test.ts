import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, useTestApp } from '../../../test/build-test-app.js';

const t = useTestApp();
let token = '';

beforeAll(async () => {
  token = (await registerUser(t)).token;
});

const DATE = 'Dates must be YYYY-MM-DD';
const ORDER = 'Start date cannot be after end date';
const TYPE = 'Type must be expense or income';
const MONTHS = 'Months must be a whole number from 1 to 60';
const LIMIT = 'Limit must be a whole number from 1 to 50';

describe('analytics input checks', () => {
  it.each([
    ['summary?startDate=2025-02-30', DATE],
    ['summary?endDate=yesterday', DATE],
    ['summary?startDate=2025-03-02&endDate=2025-03-01', ORDER],
    ['summary?startDate=2025-01-01&startDate=2025-02-01', DATE],
    ['category-breakdown?type=savings', TYPE],
    ['category-breakdown?startDate=2025-1-1', DATE],
    ['category-breakdown?startDate=2025-05-01&endDate=2025-04-01', ORDER],
    ['top-categories?limit=0', LIMIT],
    ['top-categories?limit=51', LIMIT],
    ['top-categories?limit=2.5', LIMIT],
    ['top-categories?limit=abc', LIMIT],
    ['top-categories?type=transfer', TYPE],
    ['monthly-trends?months=0', MONTHS],
    ['monthly-trends?months=61', MONTHS],
    ['monthly-trends?months=-3', MONTHS],
    ['monthly-trends?months=twelve', MONTHS],
    ['daily-trends?startDate=2025-03-05&endDate=2025-03-04', ORDER],
    ['daily-trends?startDate=2024-01-01&endDate=2025-01-01', 'A daily trend covers at most 366 days'],
    ['daily-trends?startDate=2999-01-01', ORDER],
    ['daily-pattern?type=both', TYPE],
    ['daily-pattern?endDate=2025-13-01', DATE],
    ['recent-transactions?limit=100', LIMIT],
    ['recent-transactions?limit=-1', LIMIT],
    ['dashboard?period=week', 'Period must be month, year or all'],
  ])('GET /api/analytics/%s → 400', async (url, message) => {
    const res = await t.request({ method: 'GET', url: `/api/analytics/${url}`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it.each([
    'summary?startDate=&endDate=',
    'category-breakdown?type=',
    'top-categories?limit=50',
    'monthly-trends?months=60',
    'daily-trends?startDate=2024-01-01&endDate=2024-12-31',
    'recent-transactions?limit=50',
    'summary?startDate=2025-03-01&endDate=2025-03-01',
  ])('accepts the edge %s', async (url) => {
    const res = await t.request({ method: 'GET', url: `/api/analytics/${url}`, token });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('requires a signed-in user on every route', async () => {
    for (const path of [
      'summary',
      'category-breakdown',
      'top-categories',
      'monthly-trends',
      'daily-trends',
      'daily-pattern',
      'recent-transactions',
      'dashboard',
    ]) {
      const res = await t.request({ method: 'GET', url: `/api/analytics/${path}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
