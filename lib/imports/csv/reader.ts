import { ImportFileError } from '../formats/errors';
import { textChunks, type ReaderInput } from '../formats/text-input';

/** One record of a CSV file: its cells, and the line it starts on (a quoted cell may hold line breaks). */
export type CsvRecord = { line: number; cells: string[] };

/** The longest cell read: a longer one is a quote left open, not data (a description is at most 5,000 characters). */
const MAX_CELL = 20_000;

/**
 * Reads CSV as RFC 4180 writes it, record by record as the text arrives: commas, quoted cells with doubled quotes
 * and line breaks, CRLF or LF; blank lines are skipped (textChunks drops a BOM).
 */
export async function* readCsv(input: ReaderInput): AsyncGenerator<CsvRecord> {
  const parser = new CsvParser();
  for await (const text of textChunks(input)) yield* parser.push(text);
  yield* parser.end();
}

class CsvParser {
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** Inside quotes; `closing` after a quote inside quotes (a doubled quote or the end of the cell). */
  private inQuotes = false;
  private closing = false;
  private line = 1;
  private start = 1;
  private started = false;
  private afterCr = false;

  *push(text: string): Generator<CsvRecord> {
    for (const char of text) {
      const record = this.take(char);
      if (record) yield record;
    }
  }

  *end(): Generator<CsvRecord> {
    if (this.inQuotes && !this.closing) throw new ImportFileError(this.start, 'a quoted cell is not closed before the end of the file');
    const record = this.endRecord();
    if (record) yield record;
  }

  private take(char: string): CsvRecord | null {
    const afterCr = this.afterCr;
    this.afterCr = char === '\r';
    if (char === '\n' || char === '\r') {
      if (this.inQuotes && !this.closing) {
        // A line break inside quotes is the cell's, CRLF kept as the file wrote it.
        if (!(char === '\n' && afterCr)) this.line++;
        this.append(char);
        return null;
      }
      if (char === '\n' && afterCr) return null;
      const record = this.endRecord();
      this.line++;
      this.start = this.line;
      return record;
    }
    this.started = true;
    if (this.inQuotes) return this.takeQuoted(char);
    if (char === ',') return this.endCell();
    if (char === '"' && this.cell === '' && !this.quoted) {
      this.inQuotes = true;
      this.quoted = true;
      return null;
    }
    if (this.quoted) throw new ImportFileError(this.line, 'a quoted cell is followed by text before the next comma');
    if (char === '"')
      throw new ImportFileError(
        this.line,
        'a quote inside a cell that does not start with one (write the cell in quotes, the quote doubled)',
      );
    this.append(char);
    return null;
  }

  private takeQuoted(char: string): null {
    if (this.closing) {
      this.closing = false;
      if (char === '"') {
        this.append('"');
        return null;
      }
      this.inQuotes = false;
      if (char === ',') this.endCell();
      else throw new ImportFileError(this.line, 'a quoted cell is followed by text before the next comma');
      return null;
    }
    if (char === '"') this.closing = true;
    else this.append(char);
    return null;
  }

  private append(char: string): void {
    if (this.cell.length >= MAX_CELL)
      throw new ImportFileError(this.start, `a cell is longer than ${MAX_CELL} characters (a quote left open?)`);
    this.cell += char;
  }

  private endCell(): null {
    this.cells.push(this.cell);
    this.cell = '';
    this.quoted = false;
    return null;
  }

  private endRecord(): CsvRecord | null {
    if (this.inQuotes) {
      this.inQuotes = false;
      this.closing = false;
    }
    if (!this.started) return null;
    this.endCell();
    const record = { line: this.start, cells: this.cells };
    this.cells = [];
    this.started = false;
    return record;
  }
}
