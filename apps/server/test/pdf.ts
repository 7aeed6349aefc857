import { PDFParse } from 'pdf-parse';

export interface PdfText {
  /** Text of each page, in order. */
  pages: string[];
  /** All pages' text joined. */
  text: string;
}

/** Extracts the text of a PDF, page by page (pdf-parse v2). */
export async function readPdf(data: Buffer): Promise<PdfText> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    const pages = result.pages.map((p) => p.text);
    return { pages, text: pages.join('\n') };
  } finally {
    await parser.destroy();
  }
}
