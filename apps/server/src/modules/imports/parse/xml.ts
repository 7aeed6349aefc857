import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { ImportFileError, MAX_XML_ELEMENTS, shown } from './types.js';

const shownMessage = (message: string) => shown(message, 80);

const MAX_DEPTH = 64;

/** One XML element as fast-xml-parser gives it (text under '#text', attributes under '@_'). */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/**
 * Parses untrusted XML safely: a DOCTYPE (where entity bombs and external entities live) is
 * refused outright, entities are never expanded, and nesting deeper than any statement needs
 * is refused before the parser recurses into it.
 */
export function parseXml(text: string, arrays: Set<string>): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new ImportFileError(
      'XML_TOO_COMPLEX',
      'This XML file declares a DOCTYPE or entities, which statement files never need; it was not read.',
    );
  }
  checkShape(text);
  try {
    SyntaxValidator.validate(text);
  } catch (error) {
    const { line, message } = error as { line?: number; message?: string };
    throw new ImportFileError(
      'TRUNCATED_FILE',
      // the validator quotes the offending text, which may be most of the file: cut at 80
      `This XML file is damaged or cut off (line ${line ?? '?'}: ${shownMessage(message ?? 'not well-formed')}).`,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text) as XmlNode;
}

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Refuses nesting deeper than any statement needs, and more elements than a 20 MB statement
 * holds, before a parser recurses into it or builds it. One pass with `indexOf`: a tag runs to
 * its first `>`, and once no `>` is left nothing after is a tag (a pattern such as
 * `<[A-Za-z_][^>]*?>` rescanned the rest of the file from every unclosed `<`: quadratic).
 */
function checkShape(text: string): void {
  let depth = 0;
  let elements = 0;
  for (let lt = text.indexOf('<'); lt >= 0;) {
    const closing = text.charCodeAt(lt + 1) === 47; /* / */
    const nameAt = closing ? lt + 2 : lt + 1;
    if (!isNameStart(text.charCodeAt(nameAt))) {
      lt = text.indexOf('<', lt + 1);
      continue;
    }
    const gt = text.indexOf('>', nameAt + 1);
    if (gt < 0) break;
    if (closing) depth--;
    else if (text.charCodeAt(gt - 1) !== 47 /* / */) {
      depth++;
      if (depth > MAX_DEPTH)
        throw new ImportFileError('XML_TOO_COMPLEX', 'This XML file is nested too deeply to be a bank statement.');
    }
    if (!closing && ++elements > MAX_XML_ELEMENTS)
      throw new ImportFileError(
        'XML_TOO_COMPLEX',
        `This XML file has more than ${MAX_XML_ELEMENTS.toLocaleString('en-US')} elements, far more than a bank statement.`,
      );
    lt = text.indexOf('<', gt + 1);
  }
}

/** Follows a path of element names; undefined when any step is missing. */
export function child(node: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  let cur: XmlValue | undefined = node;
  for (const name of path) {
    if (cur === undefined || typeof cur === 'string') return undefined;
    if (Array.isArray(cur)) cur = cur[0];
    if (cur === undefined || typeof cur === 'string' || Array.isArray(cur)) return undefined;
    cur = cur[name];
  }
  return cur;
}

export function textOf(node: XmlValue | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return node.trim() || undefined;
  if (Array.isArray(node)) return textOf(node[0]);
  const t = node['#text'];
  return typeof t === 'string' ? t.trim() || undefined : undefined;
}

export function list(node: XmlValue | undefined): XmlValue[] {
  if (node === undefined) return [];
  return Array.isArray(node) ? node : [node];
}

/** The five XML built-in entities and character references, left unexpanded by the parser. */
export function decodeEntities(s: string): string {
  return s.replace(
    /&(lt|gt|amp|quot|apos);|&#(\d{1,7});|&#x([0-9a-f]{1,6});/gi,
    (m, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
      const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : -1;
      if (code >= 0xd800 && code <= 0xdfff) return '\uFFFD'; // a lone surrogate half cannot be stored
      if (code >= 0) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name!.toLowerCase() as 'lt'];
    },
  );
}
