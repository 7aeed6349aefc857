/**
 * Statement files built to make a careless parser slow ("Hardening first", item 1): each is
 * about `bytes` long and defeats one pattern that used to backtrack over the whole file.
 */
const pad = (head: string, unit: string, tail: string, bytes: number) =>
  head + unit.repeat(Math.max(0, Math.floor((bytes - head.length - tail.length) / unit.length))) + tail;

export const slowVectors = (bytes: number): { name: string; fileName: string; text: string }[] => [
  {
    // a date cell of `1`, spaces, `x` (the time-suffix and date-shape patterns in dates.ts)
    name: 'CSV date cell',
    fileName: 'date.csv',
    text: pad('Date,Description,Amount\n2024-01-02,Coffee,-3.50\n1', ' ', 'x,Tea,-2.00\n', bytes),
  },
  {
    // an amount cell of `1`, spaces, `x` (the CR/DR suffix test in amount.ts)
    name: 'CSV amount cell',
    fileName: 'amount.csv',
    text: pad(
      'Date,Description,Amount\n2024-01-02,Coffee,-3.50\n2024-01-03,Cake,-4.10\n2024-01-04,Bun,-1.20\n2024-01-05,Tea,1',
      ' ',
      'x\n',
      bytes,
    ),
  },
  {
    // a QIF line of spaces ending in a letter (the old /\s+$/ trim)
    name: 'QIF trailing spaces',
    fileName: 'spaces.qif',
    text: pad('!Type:Bank\nD01/02/2024\nT-3.50\nPCoffee\n^\nD01/03/2024\nT-2.00\nP', ' ', 'x\n^\n', bytes),
  },
  {
    // tags that never close, after a complete body (the OFX token scan)
    name: 'OFX open tags',
    fileName: 'tags.ofx',
    text: pad(
      'OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-3.50<FITID>1<NAME>Coffee</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '<A',
      '',
      bytes,
    ),
  },
  {
    // XML tags that never close (the depth check in xml.ts)
    name: 'XML open tags',
    fileName: 'tags.xml',
    text: pad('<?xml version="1.0"?><Document></Document>', '<a', '', bytes),
  },
];
