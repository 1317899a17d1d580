import { GET as searchRoute } from '@/app/api/search/route';
import { listLostDemand } from '@/lib/catalog/lost-demand';
import { catalogSearch } from '@/lib/catalog/search';
import type { UserDTO } from '@/lib/accounts/users';
import { LostDemand } from '@/models';
import { callRoute } from '@/tests/helpers/api';
import { asActor, makePart, makeUser } from '@/tests/helpers/factories';

let admin: UserDTO;
let customer: UserDTO;

beforeAll(async () => {
  admin = await makeUser({ admin: true });
  customer = await makeUser();
  // This file's catalog starts empty: every search below finds nothing until a part is added.
  await catalogSearch().ready();
});

const search = async (query: string) => {
  const res = await callRoute(searchRoute, `/api/search?${query}`);
  expect(res.status).toBe(200);
  return res.body as { total: number };
};
const report = () => listLostDemand(asActor(admin));

describe('lost demand', () => {
  it('groups searches without results by their normalised text, most frequent first, with the vehicles chosen', async () => {
    await search('q=Flux+Capacitor&make=Toyota&model=Corolla&year=2016');
    await search('q=++flux+++CAPACITOR+&make=Honda&model=Civic&year=2018');
    await search('q=flux+capacitor&make=Toyota&model=Corolla&year=2016');
    await search('q=flux+capacitor');
    await search('q=tachyon+filter');

    const { searches } = await report();
    expect(searches.map((row) => [row.label, row.count])).toEqual([
      ['flux capacitor', 4],
      ['tachyon filter', 1],
    ]);
    expect([...searches[0]!.vehicles].sort()).toEqual(['2016 Toyota Corolla', '2018 Honda Civic']);
    expect(Date.parse(searches[0]!.lastAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists vehicles no part fits, but not a vehicle search narrowed by another filter', async () => {
    await search('make=Jeep&model=Wrangler&year=2019');
    await search('make=Jeep&model=Wrangler&year=2019');
    await search('make=Lada&model=Niva&year=1990&category=brakes');
    const { vehicles } = await report();
    expect(vehicles).toEqual([expect.objectContaining({ label: '2019 Jeep Wrangler', count: 2 })]);
  });

  it('stops recording once a part answers the search', async () => {
    // A part without fitment data may fit any vehicle, so the vehicle is no longer lost demand either.
    await makePart({ name: 'Tachyon Filter Cartridge' });
    expect((await search('q=tachyon+filter')).total).toBe(1);
    expect((await search('make=Jeep&model=Wrangler&year=2019')).total).toBe(1);
    const { searches, vehicles } = await report();
    expect(searches.find((row) => row.label === 'tachyon filter')?.count).toBe(1);
    expect(vehicles.find((row) => row.label === '2019 Jeep Wrangler')?.count).toBe(2);
  });

  it('leaves out what is older than the period asked for', async () => {
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await LostDemand.create({ kind: 'search', term: 'carburettor for a zeppelin', at: old });
    expect((await report()).searches.map((row) => row.label)).not.toContain('carburettor for a zeppelin');
    const longer = await listLostDemand(asActor(admin), { days: 60 });
    expect(longer.searches.find((row) => row.label === 'carburettor for a zeppelin')).toMatchObject({
      count: 1,
      lastAt: old.toISOString(),
    });
  });

  it('is for admins only', async () => {
    await expect(listLostDemand(asActor(customer))).rejects.toMatchObject({ status: 403 });
  });
});
