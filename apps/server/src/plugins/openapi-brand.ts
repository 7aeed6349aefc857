/**
 * Ledgerly's mark for the API reference at /api/docs (Swagger UI): the app's favicon (the same
 * drawing as apps/web/public/favicon.svg) and a wordmark for the reference's dark top bar.
 * Inline here so the server needs none of the web app's files at run time.
 */
const MARK = '<rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 8h4v12h10v4H9z" fill="#fff"/>';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;

/** The mark and "Ledgerly API" in white, 40 px high as Swagger UI draws its logo. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40" role="img">' +
  '<title>Ledgerly API</title>' +
  `<g transform="translate(0 4)">${MARK}</g>` +
  '<text x="42" y="28" fill="#fff" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" ' +
  'font-size="22" font-weight="700">Ledgerly <tspan fill="#a5b4fc">API</tspan></text></svg>';
