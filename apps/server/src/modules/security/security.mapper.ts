import Bowser from 'bowser';
import type { ApiTokenInfo, SessionInfo } from '@ledgerly/shared';
import type { ApiTokenRow } from './security.repository.js';

interface SessionRowLike {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || null;

/** A session as the list shows it: the user agent read into browser, system and device. */
export function toSessionInfo(row: SessionRowLike, currentId: string | null): SessionInfo {
  const ua = row.userAgent ? Bowser.parse(row.userAgent) : null;
  return {
    id: row.id,
    current: row.id === currentId,
    browser: ua ? join(ua.browser.name, ua.browser.version?.split('.')[0]) : null,
    os: ua ? join(ua.os.name, ua.os.versionName ?? ua.os.version) : null,
    device: ua ? (join(ua.platform.vendor, ua.platform.model) ?? ua.platform.type ?? null) : null,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  };
}

export function toTokenInfo(row: ApiTokenRow): ApiTokenInfo {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
