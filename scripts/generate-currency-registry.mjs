#!/usr/bin/env node
/*
 * Writes packages/shared/src/currency-registry.ts: every ISO 4217 code, current and withdrawn,
 * with its minor-unit digits and an English name. Run once when ISO publishes an amendment:
 *
 *   npm pack currency-codes@2.2.0 --pack-destination .tmp && tar xzf .tmp/currency-codes-2.2.0.tgz -C .tmp
 *   node scripts/generate-currency-registry.mjs .tmp/package && npx prettier --write packages/shared/src/currency-registry.ts
 *
 * Sources (docs/currencies.md):
 * - Current codes and digits: ISO 4217 list one as shipped by the npm package `currency-codes`
 *   (MIT, data of 2024-06-25), plus the codes added since (CURRENT_SINCE below).
 * - Withdrawn codes: ISO 4217 list three (historic denominations). List three gives no minor
 *   units: a code that was in list one keeps the digits it had there (WITHDRAWN below says so),
 *   an older one takes CLDR's (the ICU data of the Node.js running this script).
 * - Names: CLDR's English names (Intl.DisplayNames), else ISO's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const pkgDir = process.argv[2];
if (!pkgDir) {
  console.error('usage: node scripts/generate-currency-registry.mjs <unpacked currency-codes package>');
  process.exit(1);
}
const require = createRequire(import.meta.url);
const current = require(resolve(pkgDir, 'data.js'));
const published = require(resolve(pkgDir, 'iso-4217-publish-date.js'));
const version = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;

/** Added to list one after the package's data (amendment 176, 2025-07-01). */
const CURRENT_SINCE = [['XCG', 2, 'Caribbean Guilder']];

/** In the package's list one, withdrawn since (ANG by XCG, amendment 176). */
const WITHDRAWN_SINCE = new Set(['ANG']);

/** Not for accounts: the testing code and "no currency". */
const LEFT_OUT = new Set(['XTS', 'XXX']);

/**
 * ISO 4217 list three: [code, ISO name, withdrawn (YYYY-MM), digits when it was in list one].
 * Codes withdrawn and later reused (TRY, EUR, IDR…) are current and come from list one.
 */
const WITHDRAWN = [
  ['ADP', 'Andorran Peseta', '2003-07'],
  ['AFA', 'Afghani', '2003-01'],
  ['ALK', 'Old Lek', '1989-12'],
  ['ANG', 'Netherlands Antillean Guilder', '2025-07', 2],
  ['AOK', 'Kwanza', '1991-03'],
  ['AON', 'New Kwanza', '2000-02'],
  ['AOR', 'Kwanza Reajustado', '2000-02'],
  ['ARA', 'Austral', '1992-01'],
  ['ARP', 'Peso Argentino', '1985-07'],
  ['ARY', 'Peso', '1990-12'],
  ['ATS', 'Schilling', '2002-03'],
  ['AYM', 'Azerbaijan Manat', '2005-10'],
  ['AZM', 'Azerbaijanian Manat', '2005-12'],
  ['BAD', 'Dinar', '1997-07'],
  ['BEC', 'Convertible Franc', '1990-03'],
  ['BEF', 'Belgian Franc', '2002-03'],
  ['BEL', 'Financial Franc', '1990-03'],
  ['BGJ', 'Lev A/52', '1990-12'],
  ['BGK', 'Lev A/62', '1990-12'],
  ['BGL', 'Lev', '2003-11'],
  ['BOP', 'Peso boliviano', '1987-02'],
  ['BRB', 'Cruzeiro', '1986-03'],
  ['BRC', 'Cruzado', '1989-02'],
  ['BRE', 'Cruzeiro', '1993-03'],
  ['BRN', 'New Cruzado', '1990-03'],
  ['BRR', 'Cruzeiro Real', '1994-07'],
  ['BUK', 'Kyat', '1990-02'],
  ['BYB', 'Belarusian Ruble', '2001-01'],
  ['BYR', 'Belarusian Ruble', '2017-01', 0],
  ['CHC', 'WIR Franc (for electronic)', '2004-11'],
  ['CNX', 'Peoples Bank Dollar', '1989-12'],
  ['CSD', 'Serbian Dinar', '2006-10', 2],
  ['CSJ', 'Krona A/53', '1990-12'],
  ['CSK', 'Koruna', '1993-03'],
  ['CYP', 'Cyprus Pound', '2008-01', 2],
  ['DDM', 'Mark der DDR', '1990-09'],
  ['DEM', 'Deutsche Mark', '2002-03'],
  ['ECS', 'Sucre', '2000-09'],
  ['ECV', 'Unidad de Valor Constante (UVC)', '2000-09'],
  ['EEK', 'Kroon', '2011-01', 2],
  ['EQE', 'Ekwele', '1989-12'],
  ['ESA', 'Spanish Peseta', '1981-12'],
  ['ESB', '"A" Account (convertible Peseta Account)', '1994-12'],
  ['ESP', 'Spanish Peseta', '2002-03'],
  ['FIM', 'Markka', '2002-03'],
  ['FRF', 'French Franc', '2002-03'],
  ['GEK', 'Georgian Coupon', '1995-10'],
  ['GHC', 'Cedi', '2008-01'],
  ['GHP', 'Ghana Cedi', '2007-06'],
  ['GNE', 'Syli', '1989-12'],
  ['GNS', 'Syli', '1986-02'],
  ['GQE', 'Ekwele', '1986-06'],
  ['GRD', 'Drachma', '2002-03'],
  ['GWE', 'Guinea Escudo', '1981-12'],
  ['GWP', 'Guinea-Bissau Peso', '1997-05'],
  ['HRD', 'Croatian Dinar', '1995-01'],
  ['HRK', 'Kuna', '2023-01', 2],
  ['IEP', 'Irish Pound', '2002-03'],
  ['ILP', 'Pound', '1981-12'],
  ['ILR', 'Old Shekel', '1990-12'],
  ['ISJ', 'Old Krona', '1990-12'],
  ['ITL', 'Italian Lira', '2002-03'],
  ['LAJ', 'Pathet Lao Kip', '1989-12'],
  ['LSM', 'Loti', '1985-05'],
  ['LTL', 'Lithuanian Litas', '2014-12', 2],
  ['LTT', 'Talonas', '1993-07'],
  ['LUC', 'Luxembourg Convertible Franc', '1990-03'],
  ['LUF', 'Luxembourg Franc', '2002-03'],
  ['LUL', 'Luxembourg Financial Franc', '1990-03'],
  ['LVL', 'Latvian Lats', '2014-01', 2],
  ['LVR', 'Latvian Ruble', '1994-12'],
  ['MAF', 'Mali Franc', '1989-12'],
  ['MGF', 'Malagasy Franc', '2004-12'],
  ['MLF', 'Mali Franc', '1984-11'],
  ['MRO', 'Ouguiya', '2017-12', 2],
  ['MTL', 'Maltese Lira', '2008-01', 2],
  ['MTP', 'Maltese Pound', '1983-06'],
  ['MVQ', 'Maldive Rupee', '1989-12'],
  ['MXP', 'Mexican Peso', '1993-01'],
  ['MZE', 'Mozambique Escudo', '1981-12'],
  ['MZM', 'Mozambique Metical', '2006-06'],
  ['NIC', 'Cordoba', '1990-10'],
  ['NLG', 'Netherlands Guilder', '2002-03'],
  ['PEH', 'Sol', '1990-12'],
  ['PEI', 'Inti', '1991-07'],
  ['PES', 'Sol', '1986-02'],
  ['PLZ', 'Zloty', '1997-01'],
  ['PTE', 'Portuguese Escudo', '2002-03'],
  ['RHD', 'Rhodesian Dollar', '1981-12'],
  ['ROK', 'Leu A/52', '1990-12'],
  ['ROL', 'Old Leu', '2005-06'],
  ['RUR', 'Russian Ruble', '2004-01'],
  ['SDD', 'Sudanese Dinar', '2007-07'],
  ['SDP', 'Sudanese Pound', '1998-06'],
  ['SIT', 'Tolar', '2007-01', 2],
  ['SKK', 'Slovak Koruna', '2009-01', 2],
  ['SLL', 'Leone', '2024-12', 2],
  ['SRG', 'Surinam Guilder', '2003-12'],
  ['STD', 'Dobra', '2017-12', 2],
  ['SUR', 'Rouble', '1990-12'],
  ['TJR', 'Tajik Ruble', '2001-04'],
  ['TMM', 'Turkmenistan Manat', '2009-01'],
  ['TPE', 'Timor Escudo', '2002-11'],
  ['TRL', 'Old Turkish Lira', '2005-12'],
  ['UAK', 'Karbovanet', '1996-09'],
  ['UGS', 'Uganda Shilling', '1987-05'],
  ['UGW', 'Old Shilling', '1990-12'],
  ['USS', 'US Dollar (Same day)', '2014-03', 2],
  ['UYN', 'Old Uruguay Peso', '1989-12'],
  ['UYP', 'Uruguayan Peso', '1993-03'],
  ['VEB', 'Bolivar', '2008-01'],
  ['VEF', 'Bolivar Fuerte', '2018-08', 2],
  ['VNC', 'Old Dong', '1990-12'],
  ['XEU', 'European Currency Unit (E.C.U)', '1999-01'],
  ['XFO', 'Gold-Franc', '2006-10'],
  ['XFU', 'UIC-Franc', '2013-11'],
  ['XRE', 'RINET Funds Code', '1999-11'],
  ['YDD', 'Yemeni Dinar', '1991-09'],
  ['YUD', 'New Yugoslavian Dinar', '1990-01'],
  ['YUM', 'New Dinar', '2003-07'],
  ['YUN', 'Yugoslavian Dinar', '1995-11'],
  ['ZAL', 'Financial Rand', '1995-03'],
  ['ZMK', 'Zambian Kwacha', '2012-12', 2],
  ['ZRN', 'New Zaire', '1999-06'],
  ['ZRZ', 'Zaire', '1994-02'],
  ['ZWC', 'Rhodesian Dollar', '1989-12'],
  ['ZWD', 'Zimbabwe Dollar', '2008-08'],
  ['ZWL', 'Zimbabwe Dollar', '2024-09', 2],
  ['ZWN', 'Zimbabwe Dollar (new)', '2006-09'],
  ['ZWR', 'Zimbabwe Dollar', '2009-06'],
];

const names = new Intl.DisplayNames('en', { type: 'currency', fallback: 'none' });
const cldrDigits = (code) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
const nameOf = (code, iso) => {
  const cldr = names.of(code);
  return cldr && cldr !== code ? cldr : iso;
};

const entries = new Map();
for (const c of current) {
  if (LEFT_OUT.has(c.code)) continue;
  entries.set(c.code, { code: c.code, digits: c.digits, name: nameOf(c.code, c.currency), withdrawn: null });
}
for (const [code, digits, name] of CURRENT_SINCE) entries.set(code, { code, digits, name, withdrawn: null });
for (const [code, name, withdrawn, digits] of WITHDRAWN) {
  if (entries.has(code) && !WITHDRAWN_SINCE.has(code)) continue;
  entries.set(code, { code, digits: digits ?? cldrDigits(code), name: nameOf(code, name), withdrawn });
}
const sorted = [...entries.values()].sort((a, b) => a.code.localeCompare(b.code));

const rows = sorted
  .map((e) => `  [${JSON.stringify(e.code)}, ${e.digits}, ${JSON.stringify(e.name)}, ${JSON.stringify(e.withdrawn)}],`)
  .join('\n');
const out = `/*
 * Generated by scripts/generate-currency-registry.mjs: do not edit by hand (docs/currencies.md).
 * ISO 4217 list one from the npm package currency-codes ${version} (MIT; ISO data of ${published}) plus
 * the codes added since; list three (withdrawn codes) with the digits they had in list one, else
 * CLDR's; English names from CLDR (Node.js ${process.versions.node}, ICU ${process.versions.icu}, CLDR ${process.versions.cldr}).
 */

/** [code, minor-unit digits, English name, withdrawn (YYYY-MM) or null while current]. */
export const ISO_4217: readonly (readonly [string, number, string, string | null])[] = [
${rows}
];
`;
writeFileSync(new URL('../packages/shared/src/currency-registry.ts', import.meta.url), out);
console.log(`${sorted.length} codes (${sorted.filter((e) => !e.withdrawn).length} current)`);
