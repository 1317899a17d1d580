import { regionCode, regionFollowsPostcode, regionOfPostcode } from '@/lib/validations/regions';

describe('the region a postcode is in', () => {
  it.each([
    // The lowest ZIP codes, and where one state's prefixes end and the next one's begin.
    ['00501', 'NY'],
    ['00601', 'PR'],
    ['00801', 'VI'],
    ['01001', 'MA'],
    ['02999', 'RI'],
    ['03000', 'NH'],
    ['03899', 'NH'],
    ['03900', 'ME'],
    ['04999', 'ME'],
    ['05000', 'VT'],
    ['06389', 'CT'],
    ['10001', 'NY'],
    ['10001-1234', 'NY'],
    ['19699', 'PA'],
    ['19700', 'DE'],
    ['19999', 'DE'],
    ['20001', 'DC'],
    ['29999', 'SC'],
    ['30000', 'GA'],
    ['90210', 'CA'],
    ['99950', 'AK'],
    // ZIP codes the postal service gave another state than their prefix's.
    ['05501', 'MA'],
    ['06390', 'NY'],
    ['20588', 'MD'],
    ['20598', 'VA'],
    ['72643', 'MO'],
    ['73960', 'TX'],
    ['83414', 'WY'],
    // Territories and military post.
    ['96799', 'AS'],
    ['96939', 'PW'],
    ['96950', 'MP'],
    ['96960', 'MH'],
    ['09000', 'AE'],
  ])('US ZIP code %s is in %s', (zip, state) => {
    expect(regionOfPostcode('US', zip)).toBe(state);
  });

  it.each(['00000', '00100', '69999', '88888'])('US ZIP code %s is in no state (not in use)', (zip) => {
    expect(regionOfPostcode('US', zip)).toBeNull();
  });

  it.each([
    ['A1A 1A1', 'NL'],
    ['B3H 0A1', 'NS'],
    ['C1A 1A1', 'PE'],
    ['E1C 1A1', 'NB'],
    ['G1R 1A1', 'QC'],
    ['H2X 1Y4', 'QC'],
    ['J4K 1A1', 'QC'],
    ['K1A 0B1', 'ON'],
    ['L5B 1A1', 'ON'],
    ['M5V 3L9', 'ON'],
    ['N2L 1A1', 'ON'],
    ['P3A 1A1', 'ON'],
    ['R3C 1A1', 'MB'],
    ['S4P 1A1', 'SK'],
    ['T2P 1J9', 'AB'],
    ['v6b1a1', 'BC'],
    ['X0A 0H0', 'NU'],
    ['X0B 1A1', 'NU'],
    ['X0C 1A1', 'NU'],
    ['X0E 1A1', 'NT'],
    ['X0G 1A1', 'NT'],
    ['X1A 2P7', 'NT'],
    ['Y1A 1A1', 'YT'],
  ])('Canadian postal code %s is in %s', (postcode, province) => {
    expect(regionOfPostcode('CA', postcode)).toBe(province);
  });

  it('decides the region only in the United States and Canada', () => {
    expect(regionFollowsPostcode('us')).toBe(true);
    expect(regionFollowsPostcode('CA')).toBe(true);
    expect(regionFollowsPostcode('GB')).toBe(false);
    expect(regionOfPostcode('GB', 'SW1A 1AA')).toBeNull();
  });

  it('reads a typed region by its code or its name, whatever the case, dots or accents', () => {
    for (const typed of ['NY', 'ny', 'Ny', 'New York', 'NEW YORK', ' new  york ', 'N.Y.'])
      expect([typed, regionCode('US', typed)]).toEqual([typed, 'NY']);
    for (const typed of ['QC', 'qc', 'Quebec', 'Québec', 'QUÉBEC']) expect([typed, regionCode('CA', typed)]).toEqual([typed, 'QC']);
    expect(regionCode('CA', 'newfoundland and labrador')).toBe('NL');
    expect(regionCode('US', 'District of Columbia')).toBe('DC');
    for (const typed of ['XX', 'York', 'NYC', 'Ontario', '']) expect([typed, regionCode('US', typed)]).toEqual([typed, null]);
    expect(regionCode('GB', 'London')).toBeNull();
  });
});
