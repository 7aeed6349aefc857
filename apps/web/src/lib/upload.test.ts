import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler } from './api-client';
import { nextUploadProgress, uploadMultipart } from './upload';

describe('nextUploadProgress', () => {
  it('follows the share sent when the total is known', () => {
    expect(nextUploadProgress(0, { loaded: 0, total: 200, lengthComputable: true })).toBe(0);
    expect(nextUploadProgress(0, { loaded: 50, total: 200, lengthComputable: true })).toBe(25);
    expect(nextUploadProgress(25, { loaded: 199, total: 200, lengthComputable: true })).toBe(99);
    expect(nextUploadProgress(99, { loaded: 200, total: 200, lengthComputable: true })).toBe(100);
  });

  it('creeps by 5 up to 95 when the total is unknown', () => {
    const unknown = { loaded: 10, total: 0, lengthComputable: false };
    let p = 0;
    const seen: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      p = nextUploadProgress(p, unknown);
      seen.push(p);
    }
    expect(seen.slice(0, 4)).toEqual([5, 10, 15, 20]);
    expect(seen[18]).toBe(95);
    expect(Math.max(...seen)).toBe(95);
    expect(seen.at(-1)).toBe(95);
  });

  it('never goes backwards and stays within 0–100', () => {
    expect(nextUploadProgress(60, { loaded: 10, total: 100, lengthComputable: true })).toBe(60);
    expect(nextUploadProgress(0, { loaded: 500, total: 100, lengthComputable: true })).toBe(100);
    expect(nextUploadProgress(97, { loaded: 0, total: 0, lengthComputable: false })).toBe(97);
  });
});

/** A stand-in for the browser's XMLHttpRequest: the network is the one thing stubbed. */
class FakeXhr {
  static last: FakeXhr | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadMultipart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });

  it('sends the form with the bearer token and reports progress to 100', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    localStorage.setItem('token', 'abc');
    const progress: number[] = [];
    const form = new FormData();
    form.set('amount', '12.50');
    const done = uploadMultipart<{ data: number }>({
      method: 'POST',
      path: '/transactions',
      form,
      fallback: 'Failed to create transaction',
      onProgress: (p) => progress.push(p),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/transactions');
    expect(xhr.headers).toEqual({ Authorization: 'Bearer abc' });
    expect(xhr.body).toBe(form);
    xhr.upload.onprogress?.({ loaded: 0, total: 0, lengthComputable: false });
    xhr.upload.onprogress?.({ loaded: 0, total: 0, lengthComputable: false });
    xhr.respond(201, { data: 7 });
    await expect(done).resolves.toEqual({ data: 7 });
    expect(progress).toEqual([0, 5, 10, 100]);
  });

  it("rejects with the server's message, else the fallback", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const opts = {
      method: 'PUT' as const,
      path: '/transactions/1',
      form: new FormData(),
      fallback: 'Failed to update transaction',
    };
    let done = uploadMultipart(opts);
    FakeXhr.last!.respond(413, { message: 'File size must be less than 5MB', code: 'PAYLOAD_TOO_LARGE' });
    await expect(done).rejects.toMatchObject({ message: 'File size must be less than 5MB', status: 413 });
    done = uploadMultipart(opts);
    FakeXhr.last!.respond(500, undefined);
    await expect(done).rejects.toMatchObject({ message: 'Failed to update transaction', status: 500 });
    done = uploadMultipart(opts);
    FakeXhr.last!.onerror?.();
    await expect(done).rejects.toBeInstanceOf(ApiError);
  });

  it('on 401 clears the stored session and redirects, like every other call', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const redirect = vi.fn();
    setUnauthorizedHandler(redirect);
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{}');
    const done = uploadMultipart({ method: 'POST', path: '/transactions', form: new FormData(), fallback: 'f' });
    FakeXhr.last!.respond(401, { message: 'Please sign in to continue' });
    await expect(done).rejects.toThrow('Please sign in to continue');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(redirect).toHaveBeenCalledOnce();
  });
});
