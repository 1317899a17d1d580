import { isStalled } from './lighthouse';

describe('isStalled (a Lighthouse run the browser held its first frame back in)', () => {
  it('is a run whose first paint came after the load event, as in the stalled runs of this machine', () => {
    // Observed in stalled Lighthouse runs of / on this machine.
    expect(isStalled(1240, 321)).toBe(true);
    expect(isStalled(1389, 628)).toBe(true);
  });

  it('is not a run that painted before its load event, nor one without both figures', () => {
    expect(isStalled(203, 321)).toBe(false);
    expect(isStalled(321, 321)).toBe(false);
    expect(isStalled(undefined, 321)).toBe(false);
    expect(isStalled(1240, null)).toBe(false);
  });
});
