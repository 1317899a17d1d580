import { ImportFileError } from '../formats/errors';
import { collect, strings } from '@/tests/helpers/imports';
import { readCsv } from './reader';

const read = (...chunks: string[]) => collect(readCsv(strings(...chunks)));

describe('readCsv (RFC 4180)', () => {
  it('reads cells, quoted cells with commas, doubled quotes and line breaks, each record with the line it starts on', async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""",\r\n"two\r\nlines",2,3\n\nlast,,"" \n';
    await expect(read(text)).rejects.toThrow('a quoted cell is followed by text before the next comma');
    expect(await read(text.replace('"" \n', '""\n'))).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', ''] },
      { line: 3, cells: ['two\r\nlines', '2', '3'] },
      { line: 6, cells: ['last', '', ''] },
    ]);
  });

  it('reads the same records whatever the chunks, a CRLF or a doubled quote split between two', async () => {
    const text = 'h1,h2\r\n"a ""q"" b","c\r\nd"\r\ne,f';
    const whole = await read(text);
    expect(await read(...text.split(''))).toEqual(whole);
    expect(whole).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 2, cells: ['a "q" b', 'c\r\nd'] },
      { line: 4, cells: ['e', 'f'] },
    ]);
  });

  it('drops a UTF-8 byte-order mark before the header', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('brand,name\n')]);
    async function* input() {
      yield bytes;
    }
    expect(await collect(readCsv(input()))).toEqual([{ line: 1, cells: ['brand', 'name'] }]);
  });

  it.each([
    ['a quote left open', 'a,b\n"open,2\n3,4\n', 2, 'a quoted cell is not closed before the end of the file'],
    ['text after a closing quote', 'a,b\n"x"y,2\n', 2, 'a quoted cell is followed by text before the next comma'],
    ['a bare quote inside a cell', 'a,b\nx"y,2\n', 2, 'a quote inside a cell that does not start with one'],
  ])('stops at %s with its line', async (_, text, line, reason) => {
    const error = await read(text).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).line).toBe(line);
    expect((error as ImportFileError).reason).toContain(reason);
  });
});
