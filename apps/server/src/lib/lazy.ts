/**
 * A module loaded the first time it is needed, not at start-up: heavy packages that only some
 * requests use (sharp, pdfkit, the S3 client, zip, 2FA) would otherwise
 * cost start-up time and idle memory for every instance (docs/performance.md, "Start-up and
 * memory"). The import is started once; later calls share it.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load is tried again next time
      throw error;
    });
    return loading;
  };
}
