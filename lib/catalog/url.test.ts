import type { VehicleChoice } from '@/lib/catalog/fitment';
import { catalogMetadata } from '@/lib/catalog/seo';
import {
  API_ONLY_FIELDS,
  CATALOG_PARAMS,
  catalogBasePath,
  catalogHref,
  filtersKey,
  narrowedLocation,
  narrowedPage,
  paramsOfKey,
  PLACEHOLDER_KEY,
  readCatalogParams,
  suggestionHref,
  vehicleOf,
  vehicleParams,
  vehicleRedirect,
  withoutVehicleHref,
} from '@/lib/catalog/url';
import { catalogPageQuery, CATALOG_PAGE_SIZE, encodeCursor, searchQuerySchema } from '@/lib/validations/search';

describe('catalog URLs', () => {
  it('reads only the known fields, the first of repeated values, and drops empty ones', () => {
    expect(readCatalogParams({ q: ['pads', 'rotor'], brand: '', evil: 'x', page: '2', category: 'brakes' })).toEqual({
      q: 'pads',
      page: '2',
      category: 'brakes',
    });
  });

  it("carries every field of the search schema but the API's own, with the page number (lib/catalog/url-fields.mjs)", () => {
    const apiOnly: readonly string[] = API_ONLY_FIELDS;
    const schemaFields = Object.keys(searchQuerySchema.shape).filter((name) => !apiOnly.includes(name));
    expect([...CATALOG_PARAMS].sort()).toEqual([...schemaFields, 'page'].sort());
  });

  it('builds links in a stable order; a change other than the page goes back to page 1', () => {
    const params = { brand: 'Stopline', q: 'pads', page: '3' };
    expect(catalogHref('/parts', params, { page: '4' })).toBe('/parts/search?q=pads&brand=Stopline&page=4');
    expect(catalogHref('/parts', params, { sort: 'price-asc' })).toBe('/parts/search?q=pads&brand=Stopline&sort=price-asc');
    expect(catalogHref('/parts', params, { brand: undefined, q: undefined })).toBe('/parts');
    expect(catalogHref('/parts', { q: 'a b&c' })).toBe('/parts/search?q=a+b%26c');
    // The defaults never show in a URL, so one page has one address.
    expect(catalogHref('/parts', { sort: 'relevance' }, { page: '1' })).toBe('/parts');
  });

  it('carries a vehicle in the URL and reads it back only when year, make and model are all there', () => {
    const vehicle = { year: 2016, make: 'Toyota', model: 'Corolla', engine: '1.8L I4' };
    const href = catalogHref('/parts', vehicleParams(vehicle));
    expect(href).toBe('/parts/search?year=2016&make=Toyota&model=Corolla&engine=1.8L+I4');
    expect(vehicleOf(readCatalogParams(Object.fromEntries(new URL(href, 'http://x').searchParams)))).toEqual(vehicle);
    expect(vehicleOf({ make: 'Toyota', model: 'Corolla' })).toBeNull();
    expect(vehicleOf({ year: 'abc', make: 'Toyota', model: 'Corolla' })).toBeNull();
    expect(catalogHref('/parts', { year: '2016', make: 'Toyota', model: 'Corolla', q: 'x' }, vehicleParams(null))).toBe(
      '/parts/search?q=x',
    );
  });

  it('sends the old form of a narrowed catalog URL to its search page, and leaves every other URL alone', () => {
    const at = (url: string) => {
      const parsed = new URL(url, 'http://shop');
      return narrowedLocation(parsed.pathname, parsed.searchParams);
    };
    expect(at('/parts?q=pads&utm_source=mail')).toBe('/parts/search?q=pads&utm_source=mail');
    expect(at('/categories/brakes?brand=Stopline&page=2')).toBe('/categories/brakes/search?brand=Stopline&page=2');
    expect(at('/parts')).toBeNull();
    expect(at('/parts?utm_source=mail')).toBeNull();
    expect(at('/parts?q=')).toBeNull();
    expect(at('/parts/search?q=pads')).toBeNull();
    expect(at('/parts/abc?q=pads')).toBeNull();
    expect(at('/categories/brakes/search?brand=x')).toBeNull();
  });

  it('serves each narrowed page from one key per set of fields, whatever their order or extra fields', () => {
    const at = (url: string) => {
      const parsed = new URL(url, 'http://shop');
      return narrowedPage(parsed.pathname, parsed.searchParams);
    };
    const pads = at('/parts/search?q=pads&brand=Stopline');
    expect(pads).toEqual({ rewrite: `/parts/search/${filtersKey({ q: 'pads', brand: 'Stopline' })}` });
    // The same page: another order, the first page, the default sort, a tracking field, an empty field.
    expect(at('/parts/search?brand=Stopline&utm_source=mail&page=1&sort=relevance&q=pads&model=')).toEqual(pads);
    expect(at('/parts/search?q=pads&brand=Stopline&page=2')).not.toEqual(pads);
    // A repeated field: the first value, as everywhere else the catalog reads its URL.
    expect(at('/parts/search?q=pads&brand=Stopline&q=rotors&brand=Other')).toEqual(pads);
    // A category page's own category is not a field of its URL.
    const brakes = at('/categories/brakes/search?brand=Stopline&category=engine');
    expect(brakes).toEqual({ rewrite: `/categories/brakes/search/${filtersKey({ brand: 'Stopline' })}` });
    // No field: the plain page.
    expect(at('/parts/search?utm_source=mail')).toEqual({ redirect: '/parts' });
    expect(at('/categories/brakes/search?category=engine')).toEqual({ redirect: '/categories/brakes' });
    expect(at('/parts')).toBeNull();
    expect(at('/parts/search/abc')).toBeNull();
    expect(at('/categories/brakes')).toBeNull();
  });

  it('reads back exactly the fields of a canonical key, and no other key', () => {
    const fields = { q: 'Bremsbeläge “vorne” & 100%', brand: 'Hollis & Crane', minPrice: '10', page: '3' };
    const key = filtersKey(fields);
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(paramsOfKey(key)).toEqual(fields);
    expect(paramsOfKey(PLACEHOLDER_KEY)).toBeNull();
    expect(paramsOfKey('')).toBeNull();
    expect(paramsOfKey('%%%')).toBeNull();
    // Valid base64 of something else: not canonical (another order, a padding, bytes that are not UTF-8).
    expect(paramsOfKey(btoa('brand=Hollis&q=pads').replace(/=+$/, ''))).toBeNull();
    expect(paramsOfKey(`${key}==`)).toBeNull();
    expect(paramsOfKey(btoa('q=\xff\xfe'))).toBeNull();
  });

  it('sends each kind of suggestion to its page', () => {
    expect(suggestionHref({ kind: 'part', id: 'abc', label: 'Pads', detail: '' })).toBe('/parts/abc');
    expect(suggestionHref({ kind: 'category', value: 'brakes', label: 'Brakes' })).toBe('/categories/brakes');
    expect(suggestionHref({ kind: 'brand', value: 'Hollis & Crane', label: 'Hollis & Crane' })).toBe(
      '/parts/search?brand=Hollis+%26+Crane',
    );
    expect(suggestionHref({ kind: 'query', value: 'brake pad', label: 'Brake pad', detail: '' })).toBe('/parts/search?q=brake+pad');
  });

  it('narrows each suggestion but a part to the chosen vehicle', () => {
    const civic = { year: 2018, make: 'Honda', model: 'Civic', engine: null };
    expect(suggestionHref({ kind: 'part', id: 'abc', label: 'Pads', detail: '' }, civic)).toBe('/parts/abc');
    expect(suggestionHref({ kind: 'category', value: 'brakes', label: 'Brakes' }, civic)).toBe(
      '/categories/brakes/search?year=2018&make=Honda&model=Civic',
    );
    expect(suggestionHref({ kind: 'brand', value: 'Stopline', label: 'Stopline' }, civic)).toBe(
      '/parts/search?brand=Stopline&year=2018&make=Honda&model=Civic',
    );
    expect(suggestionHref({ kind: 'query', value: 'pads', label: 'Pads', detail: '' }, civic)).toBe(
      '/parts/search?q=pads&year=2018&make=Honda&model=Civic',
    );
  });
});

describe('the chosen vehicle in the catalog', () => {
  const civic: VehicleChoice = { year: 2018, make: 'Honda', model: 'Civic', engine: null };
  const redirect = (url: string, vehicle: VehicleChoice | null = civic) => {
    const parsed = new URL(url, 'http://shop');
    return vehicleRedirect(parsed.pathname, parsed.searchParams, vehicle);
  };

  it('finds the list of a catalog path, plain or narrowed, and of no other page', () => {
    expect(catalogBasePath('/parts')).toBe('/parts');
    expect(catalogBasePath('/parts/search')).toBe('/parts');
    expect(catalogBasePath('/categories/brakes')).toBe('/categories/brakes');
    expect(catalogBasePath('/categories/brakes/search')).toBe('/categories/brakes');
    for (const other of ['/', '/parts/65f0c0ffee0000000000abcd', '/parts/search/cT1wYWRz', '/categories', '/cart', '/partsx'])
      expect(catalogBasePath(other)).toBeNull();
  });

  it("sends a plain list to the chosen vehicle's list, its engine too", () => {
    expect(redirect('/parts')).toBe('/parts/search?year=2018&make=Honda&model=Civic');
    expect(redirect('/parts?utm_source=mail')).toBe('/parts/search?year=2018&make=Honda&model=Civic');
    expect(redirect('/categories/brakes')).toBe('/categories/brakes/search?year=2018&make=Honda&model=Civic');
    expect(redirect('/parts', { ...civic, engine: '2.0L I4' })).toBe('/parts/search?year=2018&make=Honda&model=Civic&engine=2.0L+I4');
  });

  it('leaves a list alone without a vehicle, when asked for every part, and when it is narrowed already', () => {
    expect(redirect('/parts', null)).toBeNull();
    expect(redirect('/parts?all=1')).toBeNull();
    expect(redirect('/categories/brakes?utm_source=mail&all=1')).toBeNull();
    expect(redirect('/parts/search?q=pads')).toBeNull();
    expect(redirect('/categories/brakes/search?brand=Stopline')).toBeNull();
    for (const other of ['/', '/parts/65f0c0ffee0000000000abcd', '/cart', '/blogs']) expect(redirect(other)).toBeNull();
  });

  it('drops the vehicle and keeps the other fields; a plain list it leads to asks for every part, and stays so', () => {
    const fit = vehicleParams(civic);
    expect(withoutVehicleHref('/parts', { q: 'pads', ...fit, page: '3' })).toBe('/parts/search?q=pads');
    expect(withoutVehicleHref('/categories/brakes', { ...fit, brand: 'Stopline' })).toBe('/categories/brakes/search?brand=Stopline');
    expect(withoutVehicleHref('/parts', { ...fit, engine: '2.0L I4', page: '2' })).toBe('/parts?all=1');
    expect(withoutVehicleHref('/categories/brakes', fit)).toBe('/categories/brakes?all=1');
    expect(redirect(withoutVehicleHref('/parts', fit))).toBeNull();
    expect(redirect(withoutVehicleHref('/categories/brakes', fit))).toBeNull();
  });
});

describe('the catalog page query', () => {
  it('turns the page number into the cursor of that page', () => {
    const parsed = catalogPageQuery({ page: '3', sort: 'price-desc' });
    expect(parsed).toMatchObject({ ok: true, page: 3, query: { sort: 'price-desc', limit: CATALOG_PAGE_SIZE } });
    expect(parsed.ok && parsed.query.cursor).toBe(2 * CATALOG_PAGE_SIZE);
    expect(encodeCursor(2 * CATALOG_PAGE_SIZE)).toMatch(/^c/);
  });

  it.each([
    [{ page: '0' }, 'That page number does not exist'],
    [{ page: '1.5' }, 'That page number does not exist'],
    [{ page: '999999999' }, 'That page number does not exist'],
    [{ sort: 'cheapest' }, 'sort must be one of relevance, price-asc, price-desc, newest'],
    [{ category: 'rockets' }, 'Unknown category'],
    [{ year: '1900', make: 'Toyota', model: 'Corolla' }, 'Year'],
    [{ make: 'Toyota' }, 'Give the year, make and model of the vehicle'],
    [{ minPrice: '50', maxPrice: '10' }, 'maxPrice cannot be below minPrice'],
    [{ q: 'x'.repeat(201) }, 'Search for at most 200 characters'],
  ])('refuses %j with a message for the page', (params, message) => {
    const parsed = catalogPageQuery(params);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toContain(message);
  });
});

describe('what search engines index', () => {
  const copy = { title: 't', description: 'd' };
  it('indexes the whole list and each category, page by page, under their own URLs', () => {
    expect(catalogMetadata({}, copy)).toMatchObject({ alternates: { canonical: '/parts' } });
    expect(catalogMetadata({}, copy).robots).toBeUndefined();
    expect(catalogMetadata({ page: '2' }, copy)).toMatchObject({ alternates: { canonical: '/parts/search?page=2' } });
    // /parts/search?category=brakes is a copy of the category page.
    expect(catalogMetadata({ category: 'brakes' }, copy)).toMatchObject({ alternates: { canonical: '/categories/brakes' } });
    expect(catalogMetadata({ category: 'brakes', page: '2' }, copy).robots).toBeUndefined();
  });

  it('keeps filter combinations out of the index, pointing at the page they narrow', () => {
    const meta = catalogMetadata({ category: 'brakes', brand: 'Stopline', page: '2' }, copy);
    expect(meta.robots).toEqual({ index: false, follow: true });
    expect(meta.alternates?.canonical).toBe('/categories/brakes');
    expect(catalogMetadata({ q: 'pads' }, copy).robots).toEqual({ index: false, follow: true });
  });

  it('keeps a URL that only changes the sort out of the index, with the unsorted list as canonical', () => {
    for (const sort of ['price-asc', 'price-desc', 'newest']) {
      for (const params of [{ sort }, { sort, page: '3' }]) {
        const meta = catalogMetadata(params, copy);
        expect(meta.robots).toEqual({ index: false, follow: true });
        expect(meta.alternates?.canonical).toBe('/parts');
      }
      const category = catalogMetadata({ category: 'brakes', sort }, copy);
      expect(category.robots).toEqual({ index: false, follow: true });
      expect(category.alternates?.canonical).toBe('/categories/brakes');
    }
  });
});
