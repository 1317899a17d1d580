import { countWords, proseUnits, sentences, tallyComments, tallyProse } from './prose-stats';

describe('proseUnits (what counts as prose in Markdown)', () => {
  it('leaves out code blocks and headings, and joins a paragraph or list item over its lines', () => {
    const markdown = [
      '# Title',
      '',
      'One line',
      'and its next.',
      '',
      '```bash',
      'npm start. Not prose.',
      '```',
      '- an item',
      '  going on',
    ].join('\n');
    expect(proseUnits(markdown)).toEqual([
      { kind: 'paragraph', text: 'One line and its next.' },
      { kind: 'list item', text: 'an item going on' },
    ]);
  });

  it('makes each body cell of a table a unit, never the header or separator row', () => {
    const markdown = ['| setting | default |', '| ------- | ------- |', '| `PORT` | 3000 |', '| `BCRYPT_ROUNDS` | 10 rounds |'].join('\n');
    expect(proseUnits(markdown).map((unit) => [unit.kind, unit.text])).toEqual([
      ['table cell', '`PORT`'],
      ['table cell', '3000'],
      ['table cell', '`BCRYPT_ROUNDS`'],
      ['table cell', '10 rounds'],
    ]);
  });

  it('ends a list item at the next one, numbered or nested', () => {
    expect(proseUnits('1. first\n2. second\n   - nested').map((unit) => unit.text)).toEqual(['first', 'second', 'nested']);
  });
});

describe('sentences', () => {
  it('ends a sentence at . ! or ? and a space, whatever letter comes next', () => {
    expect(sentences('It runs. Does it? Yes! nginx does.')).toHaveLength(4);
  });

  it('does not end one at an abbreviation, a decimal, or a dot inside a code span', () => {
    expect(sentences('Pick one, e.g. this, at 0.54x of `next.config.mjs. Then` it.')).toHaveLength(1);
  });

  it('ends one before a sentence that starts with a code span', () => {
    expect(sentences('The build runs. `npm start` serves it.')).toHaveLength(2);
  });

  it('makes a unit without a full stop one sentence', () => {
    expect(sentences('20 connections an instance')).toHaveLength(1);
  });
});

describe('countWords', () => {
  it('counts tokens holding a letter or a digit, each word of a code span included', () => {
    expect(countWords('a - b — `npm run dev` | 3000')).toBe(6);
  });
});

describe('tallyProse', () => {
  it('counts sentences and words by kind and in all', () => {
    const tallies = tallyProse(
      ['Two words. Three more words.', '', '- one item here', '', '| a | b |', '| - | - |', '| x y | z |'].join('\n'),
    );
    expect(tallies.get('paragraph')).toEqual({ sentences: 2, words: 5 });
    expect(tallies.get('list item')).toEqual({ sentences: 1, words: 3 });
    expect(tallies.get('table cell')).toEqual({ sentences: 2, words: 3 });
    expect(tallies.get('all')).toEqual({ sentences: 5, words: 11 });
  });
});

describe('tallyComments', () => {
  it('counts lines holding only a comment: //, /* */ blocks and JSX comments, not code with a trailing comment', () => {
    const source = ['// one', 'const a = 1; // code', '/**', ' * doc', ' */', 'function f() {}', '  {/* jsx */}', ''].join('\n');
    expect(tallyComments(source)).toMatchObject({ lines: 7, commentLines: 5 });
  });

  it('records each run of 4 or more comment lines with its first line, not a run of 3', () => {
    const source = ['// a', '// b', '// c', 'code();', '/*', ' one', ' two', '*/', 'code();'].join('\n');
    expect(tallyComments(source).blocks).toEqual([{ line: 5, length: 4 }]);
  });

  it('ends a block comment at its close, on the line it opened or later', () => {
    expect(tallyComments('/* one line */\ncode();\n/* a\n b */\ncode();').commentLines).toBe(3);
  });
});
