import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type FetchStub } from '../test/fetch-stub';
import { ApiError, apiRequest, setUnauthorizedHandler } from './api-client';

// fetch is the network: the one thing outside this module, so it is stubbed here.
let api: FetchStub;
beforeEach(() => {
  api = stubFetch();
});

describe('apiRequest', () => {
  it('sends JSON with the bearer token when one is stored', async () => {
    localStorage.setItem('token', 'abc');
    api.on('POST /api/x', json(200, { data: 1 }));
    await apiRequest('/x', { method: 'POST', body: { a: 1 }, query: { q: 'z', empty: '' }, fallback: 'f' });
    const { url, init } = api.calls[0]!;
    expect(url).toBe('/api/x?q=z');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Authorization: 'Bearer abc' });
    expect(init?.body).toBe('{"a":1}');
  });

  it("uses the server's message, else the fallback", async () => {
    api.on('GET /api/x', json(400, { message: 'Please select a category' }));
    await expect(apiRequest('/x', { fallback: 'Failed to fetch categories' })).rejects.toThrow(
      'Please select a category',
    );
    api.on('GET /api/x', new Response('oops', { status: 500 }));
    await expect(apiRequest('/x', { fallback: 'Failed to fetch categories' })).rejects.toThrow(
      'Failed to fetch categories',
    );
  });

  it('says the server cannot be reached when the call never got an answer from it', async () => {
    const unreachable =
      'Failed to fetch categories: the server cannot be reached. Check your connection and try again.';
    api.on('GET /api/x', () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = apiRequest('/x', { fallback: 'Failed to fetch categories' });
    await expect(offline).rejects.toBeInstanceOf(ApiError);
    await expect(offline).rejects.toMatchObject({ message: unreachable, status: 0, code: 'NETWORK' });
    // A proxy answering 502 without our JSON: the server behind it is down.
    api.on('GET /api/x', new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(apiRequest('/x', { fallback: 'Failed to fetch categories' })).rejects.toThrow(unreachable);
    // Our own 503 (overloaded) carries its message, which wins.
    api.on('GET /api/x', json(503, { message: 'The server is busy, try again in a moment' }));
    await expect(apiRequest('/x', { fallback: 'Failed to fetch categories' })).rejects.toThrow(
      'The server is busy, try again in a moment',
    );
  });

  it('on 401 clears token and user and calls the redirect', async () => {
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{}');
    api.on('GET /api/x', json(401, { message: 'Please sign in to continue' }));
    await expect(apiRequest('/x', { fallback: 'f' })).rejects.toThrow();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(redirect).toHaveBeenCalledOnce();
  });

  it('leaves login and register 401s to the form', async () => {
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    api.on('GET /api/auth/login', json(401, { message: 'Invalid email or password' }));
    await expect(apiRequest('/auth/login', { fallback: 'Login failed', skipAuthRedirect: true })).rejects.toThrow(
      'Invalid email or password',
    );
    expect(redirect).not.toHaveBeenCalled();
  });
});
