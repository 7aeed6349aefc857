import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { ImportFileError } from './types.js';

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
  let depth = 0;
  let max = 0;
  const tags = /<(\/?)[A-Za-z_][^>]*?(\/?)>/g;
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    if (m[1]) depth--;
    else if (!m[2]) {
      depth++;
      if (depth > max) max = depth;
      if (max > MAX_DEPTH)
        throw new ImportFileError('XML_TOO_COMPLEX', 'This XML file is nested too deeply to be a bank statement.');
    }
  }
  try {
    SyntaxValidator.validate(text);
  } catch (error) {
    const { line, message } = error as { line?: number; message?: string };
    throw new ImportFileError(
      'TRUNCATED_FILE',
      `This XML file is damaged or cut off (line ${line ?? '?'}: ${message ?? 'not well-formed'}).`,
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
      if (code >= 0) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name!.toLowerCase() as 'lt'];
    },
  );
}
