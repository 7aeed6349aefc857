/** `STORAGE_URL` (DESIGN §9), read by the configuration and by the S3 store. */

export interface S3Location {
  bucket: string;
  /** '' or a prefix ending in '/'. */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

/**
 * Reads `s3://bucket/prefix?endpoint=https://…&region=…&forcePathStyle=true`; throws an Error
 * saying what is wrong. Credentials are not part of it (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY).
 */
export function parseStorageUrl(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('must be a URL such as s3://bucket/prefix?region=eu-west-1');
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3:// (unset keeps receipts in DATA_DIR/receipts)');
  if (url.username || url.password) {
    throw new Error('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error('names no valid bucket (s3://bucket/…)');
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const name of url.searchParams.keys()) {
    if (!known.has(name)) throw new Error(`has an unknown option '${name}' (endpoint, region, forcePathStyle)`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error('endpoint must be an http:// or https:// URL');
  }
  const style = url.searchParams.get('forcePathStyle') ?? 'false';
  if (style !== 'true' && style !== 'false') throw new Error('forcePathStyle must be true or false');
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint,
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: style === 'true',
  };
}
