import { failedInsideItself } from './schemathesis-log';

const banner = (name: string) => `${'='.repeat(20)} ${name} ${'='.repeat(20)}`;
const entry = (operation: string, body: string) => `${'_'.repeat(10)} ${operation} ${'_'.repeat(10)}\n${body}\n`;
const generatorError = [
  'Runtime Error',
  '',
  'Inconsistent results: A test case failed on the first run but now succeeds.',
  '      | hypothesis.errors.FlakyFailure: Inconsistent results (1 sub-exception)',
].join('\n');
const summary = `${banner('SUMMARY')}\n\nTest cases:\n  3060 generated, 3060 passed\n`;

describe('failedInsideItself (a Schemathesis run to make again)', () => {
  it('is true when every error is Hypothesis failing to draw an example', () => {
    const log = `Phases...\n${banner('ERRORS')}\n${entry('POST /api/admin/shipping-zones', generatorError)}${summary}`;
    expect(failedInsideItself(log)).toBe(true);
  });

  it('is false when a check failed on a response, even beside a generator error', () => {
    const failure = entry('POST /api/cart/lines', '- Server error\n\n[500] Internal Server Error');
    const log = `${banner('ERRORS')}\n${entry('POST /api/admin/shipping-zones', generatorError)}${banner('FAILURES')}\n${failure}${summary}`;
    expect(failedInsideItself(log)).toBe(false);
  });

  it('is false for any other error, such as the server not answering', () => {
    const network = entry('GET /api/parts', 'Network Error\n\nConnection refused');
    const log = `${banner('ERRORS')}\n${entry('POST /api/admin/shipping-zones', generatorError)}${network}${summary}`;
    expect(failedInsideItself(log)).toBe(false);
  });

  it('is false when there is no error section at all', () => {
    expect(failedInsideItself(`${banner('FAILURES')}\n${entry('GET /api/parts', '- Server error')}${summary}`)).toBe(false);
    expect(failedInsideItself(summary)).toBe(false);
  });
});
