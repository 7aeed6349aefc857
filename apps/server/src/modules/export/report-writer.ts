import { fit, forgetWordLayouts } from './report-pdfkit.js';

/**
 * Lays out the PDF report: a first-page header, summary cards and tables that continue across
 * pages with their header repeated, and a footer 'Page N of M' on every page.
 *
 * Every row has a fixed height (cells are cut to one line with an ellipsis), so the layout
 * depends only on how many rows there are. The same writer without a document (`doc: null`)
 * runs the same steps without drawing: that is how the number of pages is known before the
 * first byte is streamed, with no page kept in memory.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const FOOTER_TOP = PAGE.height - PAGE.margin + 6;
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 10;
const CONTINUATION_TOP = PAGE.margin + 30;
const SECTION_TITLE_HEIGHT = 26;
const HEADER_ROW_HEIGHT = 20;
export const ROW_HEIGHT = 18;
const TABLE_GAP = 22;
const FIRST_PAGE_HEADER_HEIGHT = 216;

const COLOR = {
  text: '#111827',
  muted: '#6b7280',
  accent: '#4f46e5',
  rule: '#e5e7eb',
  headerFill: '#f3f4f6',
  zebra: '#f9fafb',
  income: '#15803d',
  expense: '#b91c1c',
} as const;

export type Tone = 'income' | 'expense' | 'plain' | 'muted';

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
  /** Money and counts: shrunk to fit rather than cut, since a cut figure is a wrong figure. */
  figure?: boolean;
}

/** The smallest size a figure is shrunk to; only a figure too wide even at this size is cut. */
const MIN_FIGURE_SIZE = 5;

export interface Cell {
  text: string;
  tone?: Tone;
  bold?: boolean;
}

export interface ReportHeader {
  title: string;
  preparedFor: string;
  generated: string;
  /** Label/value pairs shown under the title, in two columns. */
  details: [string, string][];
  cards: { label: string; value: string; note: string; tone: Tone }[];
  /** Short text of the running header on the following pages. */
  running: string;
}

interface Table {
  title: string;
  columns: Column[];
  rowIndex: number;
}

type Doc = PDFKit.PDFDocument;

export class ReportWriter {
  page = 1;
  private y: number = PAGE.margin;
  private table: Table | null = null;

  constructor(
    private readonly doc: Doc | null,
    private readonly header: ReportHeader,
    private readonly totalPages: number,
  ) {}

  /** Draws the first page's header block: title, details and summary cards. */
  start(): void {
    this.y = PAGE.margin + FIRST_PAGE_HEADER_HEIGHT;
    const doc = this.doc;
    if (!doc) return;
    const { margin } = PAGE;
    const h = this.header;
    doc.rect(0, 0, PAGE.width, 6).fill(COLOR.accent);
    this.text(h.title, margin, margin, { size: 20, bold: true, width: CONTENT_WIDTH });
    this.text(h.preparedFor, margin, margin + 30, { size: 10, color: COLOR.muted, width: CONTENT_WIDTH });
    this.text(h.generated, margin, margin + 44, { size: 10, color: COLOR.muted, width: CONTENT_WIDTH });
    doc
      .moveTo(margin, margin + 64)
      .lineTo(PAGE.width - margin, margin + 64)
      .lineWidth(1)
      .stroke(COLOR.rule);

    const half = CONTENT_WIDTH / 2;
    h.details.forEach(([label, value], i) => {
      const x = margin + (i % 2) * half;
      const y = margin + 76 + Math.floor(i / 2) * 16;
      this.text(label, x, y, { size: 9, color: COLOR.muted, width: 70 });
      this.text(value, x + 72, y, { size: 9, width: half - 80 });
    });

    const gap = 12;
    const cardWidth = (CONTENT_WIDTH - gap * (h.cards.length - 1)) / h.cards.length;
    const cardTop = margin + 136;
    h.cards.forEach((card, i) => {
      const x = margin + i * (cardWidth + gap);
      doc.roundedRect(x, cardTop, cardWidth, 62, 6).lineWidth(1).fillAndStroke(COLOR.zebra, COLOR.rule);
      this.text(card.label.toUpperCase(), x + 12, cardTop + 10, {
        size: 8,
        bold: true,
        color: COLOR.muted,
        width: cardWidth - 24,
      });
      this.text(card.value, x + 12, cardTop + 24, {
        size: 15,
        bold: true,
        color: toneColor(card.tone),
        width: cardWidth - 24,
        figure: true,
      });
      this.text(card.note, x + 12, cardTop + 45, { size: 8, color: COLOR.muted, width: cardWidth - 24 });
    });
    this.footer();
  }

  /** Starts a table; the title, the header row and at least one row stay together. */
  beginTable(title: string, columns: Column[]): void {
    if (this.y + SECTION_TITLE_HEIGHT + HEADER_ROW_HEIGHT + ROW_HEIGHT > CONTENT_BOTTOM) this.newPage();
    this.table = { title, columns, rowIndex: 0 };
    this.tableHeading(title);
  }

  /** One row of the current table; a full page continues on the next with the header repeated. */
  row(cells: Cell[]): void {
    const table = this.table;
    if (!table) throw new Error('row() outside a table');
    if (this.y + ROW_HEIGHT > CONTENT_BOTTOM) {
      this.newPage();
      this.tableHeading(`${table.title} (continued)`);
    }
    const doc = this.doc;
    if (doc) {
      if (table.rowIndex % 2 === 1) doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, ROW_HEIGHT).fill(COLOR.zebra);
      let x = PAGE.margin;
      table.columns.forEach((column, i) => {
        const cell = cells[i];
        if (cell) {
          this.text(cell.text, x + 6, this.y + 5, {
            size: 9,
            bold: cell.bold,
            color: toneColor(cell.tone ?? 'plain'),
            width: column.width - 12,
            align: column.align,
            figure: column.figure,
          });
        }
        x += column.width;
      });
      doc
        .moveTo(PAGE.margin, this.y + ROW_HEIGHT)
        .lineTo(PAGE.width - PAGE.margin, this.y + ROW_HEIGHT)
        .lineWidth(0.5)
        .stroke(COLOR.rule);
    }
    table.rowIndex += 1;
    this.y += ROW_HEIGHT;
  }

  /** A line of text in place of rows (an empty table). */
  note(text: string): void {
    if (this.y + ROW_HEIGHT > CONTENT_BOTTOM) this.newPage();
    this.text(text, PAGE.margin + 6, this.y + 5, { size: 9, color: COLOR.muted, width: CONTENT_WIDTH - 12 });
    this.y += ROW_HEIGHT;
  }

  endTable(): void {
    this.table = null;
    this.y += TABLE_GAP;
  }

  private tableHeading(title: string): void {
    const table = this.table;
    if (!table) return;
    this.text(title, PAGE.margin, this.y + 4, { size: 12, bold: true, width: CONTENT_WIDTH });
    this.y += SECTION_TITLE_HEIGHT;
    const doc = this.doc;
    if (doc) {
      doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, HEADER_ROW_HEIGHT).fill(COLOR.headerFill);
      let x = PAGE.margin;
      for (const column of table.columns) {
        this.text(column.label.toUpperCase(), x + 6, this.y + 6.5, {
          size: 7.5,
          bold: true,
          color: COLOR.muted,
          width: column.width - 12,
          align: column.align,
        });
        x += column.width;
      }
    }
    this.y += HEADER_ROW_HEIGHT;
  }

  private newPage(): void {
    this.page += 1;
    this.y = CONTINUATION_TOP;
    const doc = this.doc;
    if (!doc) return;
    doc.addPage();
    forgetWordLayouts(doc);
    doc.rect(0, 0, PAGE.width, 3).fill(COLOR.accent);
    this.text(this.header.title, PAGE.margin, PAGE.margin - 4, { size: 9, bold: true, width: CONTENT_WIDTH / 2 });
    this.text(this.header.running, PAGE.margin + CONTENT_WIDTH / 2, PAGE.margin - 4, {
      size: 9,
      color: COLOR.muted,
      width: CONTENT_WIDTH / 2,
      align: 'right',
    });
    doc
      .moveTo(PAGE.margin, PAGE.margin + 12)
      .lineTo(PAGE.width - PAGE.margin, PAGE.margin + 12)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    this.footer();
  }

  private footer(): void {
    const doc = this.doc;
    if (!doc) return;
    doc
      .moveTo(PAGE.margin, FOOTER_TOP - 6)
      .lineTo(PAGE.width - PAGE.margin, FOOTER_TOP - 6)
      .lineWidth(0.5)
      .stroke(COLOR.rule);
    const half = CONTENT_WIDTH / 2;
    this.text(this.header.generated, PAGE.margin, FOOTER_TOP, { size: 8, color: COLOR.muted, width: half });
    this.text(`Page ${this.page} of ${this.totalPages}`, PAGE.margin + half, FOOTER_TOP, {
      size: 8,
      color: COLOR.muted,
      width: half,
      align: 'right',
    });
  }

  /**
   * One line of text cut to the width with an ellipsis; a figure is first made smaller until it
   * fits (kept on the same middle line). Drawn without pdfkit's line wrapper (no width option):
   * that is the fast path, and it never starts a page by itself.
   */
  private text(
    value: string,
    x: number,
    y: number,
    o: {
      size: number;
      width: number;
      bold?: boolean | undefined;
      color?: string;
      align?: 'left' | 'right' | undefined;
      figure?: boolean | undefined;
    },
  ): void {
    const doc = this.doc;
    if (!doc) return;
    doc
      .font(o.bold ? 'bold' : 'regular')
      .fontSize(o.size)
      .fillColor(o.color ?? COLOR.text);
    let top = y;
    if (o.figure) {
      const full = doc.widthOfString(value);
      if (full > o.width) {
        const size = Math.max(MIN_FIGURE_SIZE, Math.floor(((o.size * o.width) / full) * 100) / 100);
        doc.fontSize(size);
        top = y + (o.size - size) / 2;
      }
    }
    const line = fit(doc, value, o.width);
    doc.text(line.text, o.align === 'right' ? x + o.width - line.width : x, top, { lineBreak: false });
  }
}

const TONE_COLOR: Record<Tone, string> = {
  income: COLOR.income,
  expense: COLOR.expense,
  plain: COLOR.text,
  muted: COLOR.muted,
};
const toneColor = (tone: Tone) => TONE_COLOR[tone];
