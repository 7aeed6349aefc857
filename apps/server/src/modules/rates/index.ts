/** Exchange rates (docs/currencies.md). Outside this folder, import only this file. */
export { ratesRoutes } from './rates.routes.js';
export { seedExchangeRates, startRatesSeed } from './rates.seed.js';
export { fetchRates, type FeedResult } from './rates.feed.js';
export { settleTransferRate, trimmed } from './rates.transfers.js';
