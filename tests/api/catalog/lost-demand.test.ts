import { GET as searchRoute } from '@/app/api/search/route';
import { listLostDemand, PER_ADDRESS_PER_DAY, recordSearchMiss } from '@/lib/catalog/lost-demand';
import { catalogSearch } from '@/lib/catalog/search';
import type { UserDTO } from '@/lib/auth/users';
import { LostDemandDay, LostDemandVisit } from '@/models';
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

let addressCounter = 0;
/** Each search comes from an address of its own unless one is given. */
const newAddress = () => `203.0.113.${++addressCounter}`;
const search = async (query: string, address = newAddress()) => {
  const res = await callRoute(searchRoute, `/api/search?${query}`, { headers: { 'x-forwarded-for': address } });
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
    expect(searches.map((row) => [row.label, row.count, row.addresses])).toEqual([
      ['flux capacitor', 4, 4],
      ['tachyon filter', 1, 1],
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

  it("is not a vehicle's when any other field of the search narrows it, Manage Products' out-of-stock one too", async () => {
    const trabant = 'make=Trabant&model=601&year=1985';
    for (const narrowed of ['outOfStock=true', 'inStock=true', 'minPrice=0', 'maxPrice=5', 'brand=Stopline', 'category=engine'])
      await search(`${trabant}&${narrowed}`);
    expect((await report()).vehicles.map((row) => row.label)).not.toContain('1985 Trabant 601');
    // The vehicle's order and paging narrow nothing: the vehicle alone found nothing.
    await search(`${trabant}&sort=price-asc&limit=5`);
    expect((await report()).vehicles.map((row) => row.label)).toContain('1985 Trabant 601');
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
    await LostDemandDay.create({
      kind: 'search',
      label: 'carburettor for a zeppelin',
      day: old.toISOString().slice(0, 10),
      count: 1,
      lastAt: old,
    });
    expect((await report()).searches.map((row) => row.label)).not.toContain('carburettor for a zeppelin');
    const longer = await listLostDemand(asActor(admin), { days: 60 });
    expect(longer.searches.find((row) => row.label === 'carburettor for a zeppelin')).toMatchObject({
      count: 1,
      lastAt: old.toISOString(),
    });
  });

  it('counts a term once per address and day, and shows how many addresses asked', async () => {
    const here = newAddress();
    for (let i = 0; i < 8; i++) await search('q=Wiper+Motor+Gasket', here);
    expect((await report()).searches.find((row) => row.label === 'wiper motor gasket')).toMatchObject({ count: 1, addresses: 1 });
    await search('q=wiper+motor+gasket');
    // The same address yesterday counted once more, but is no new address.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const day = yesterday.toISOString().slice(0, 10);
    await LostDemandVisit.create({
      address: here,
      day,
      kind: 'search',
      label: 'wiper motor gasket',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await LostDemandDay.create({ kind: 'search', label: 'wiper motor gasket', day, count: 1, lastAt: yesterday });
    expect((await report()).searches.find((row) => row.label === 'wiper motor gasket')).toMatchObject({ count: 3, addresses: 2 });
    expect(await LostDemandDay.countDocuments({ label: 'wiper motor gasket' })).toBe(2);
  });

  it('caps what one address adds in a day, so a flood cannot push a real miss out of the report', async () => {
    const flooder = newAddress();
    // 100 junk terms searched 3 times each from one address...
    for (let round = 0; round < 3; round++)
      await Promise.all(Array.from({ length: 100 }, (_, i) => recordSearchMiss(`junk term ${i}`, null, flooder)));
    // ...against a real miss searched from 6 addresses.
    for (let i = 0; i < 6; i++) await search('q=headlamp+leveling+motor');
    const { searches } = await report();
    const junk = searches.filter((row) => row.label.startsWith('junk term'));
    expect(junk.length).toBeLessThanOrEqual(PER_ADDRESS_PER_DAY);
    expect(junk.every((row) => row.count === 1 && row.addresses === 1)).toBe(true);
    expect(await LostDemandVisit.countDocuments({ address: flooder })).toBeLessThanOrEqual(PER_ADDRESS_PER_DAY);
    expect(searches[0]).toMatchObject({ label: 'headlamp leveling motor', count: 6, addresses: 6 });
    // Another address still counts its own searches.
    await search('q=junk+term+99');
    expect(searches.length).toBeLessThanOrEqual(100);
    expect((await report()).searches.find((row) => row.label === 'junk term 99')).toMatchObject({ addresses: 1 });
  });

  it('is for admins only', async () => {
    await expect(listLostDemand(asActor(customer))).rejects.toMatchObject({ status: 403 });
  });
});
