/** @jest-environment jsdom */
/**
 * Cached pages are stored one byte per character (lib/platform/cache-handler.mjs oneByteHtml): the page a
 * browser reads must be the same, its text, attributes and inline data, with no character above U+00FF.
 */
import ShopCacheHandler, { oneByteHtml } from './cache-handler.mjs';

const WIDE = /[^\u0000-\u00ff]/;

// As Next.js writes a page: text, attributes, the title, the page's data in script string literals
// (JSON-stringified), JSON-LD, a style, and characters of every width (Latin-1, BMP, an emoji's pair).
const flight = JSON.stringify('2:["$","span",null,{"aria-hidden":"true","children":"▾"}]\nReview: “Fits perfectly” — 5★ 😀 café\n');
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Brake pads – PartsMart</title>',
  '<style>.badge::after{content:"*"}</style></head>',
  '<body><nav><button title="Categories ▾">Categories <span aria-hidden="true">▾</span></button></nav>',
  '<p>“Fits perfectly” — 5★ 😀 café, 400 °C</p><textarea>note ✓</textarea><p>a &lt; b &amp; c</p>',
  `<script>(self.__next_f=self.__next_f||[]).push([0])</script><script>self.__next_f.push([1,${flight}])</script>`,
  `<script type="application/ld+json">${JSON.stringify({ name: 'Pads “Ceramic” ▾', rating: '5★' })}</script>`,
  '</body></html>',
].join('');

function parse(html: string) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // The inline scripts run as a browser runs them (they fill self.__next_f); JSON-LD is parsed.
  const self: { __next_f?: unknown[] } = {};
  const jsonLd = [...doc.querySelectorAll('script')].map((script) => {
    script.remove();
    if (script.type === 'application/ld+json') return JSON.parse(script.textContent!);
    new Function('self', script.textContent!)(self);
    return null;
  });
  return { markup: doc.documentElement.outerHTML, title: doc.title, scripts: [jsonLd, self.__next_f] };
}

describe('oneByteHtml', () => {
  it('writes every character above U+00FF as a reference, and the browser reads the same page', () => {
    expect(WIDE.test(page)).toBe(true);
    const written = oneByteHtml(page);
    expect(WIDE.test(written)).toBe(false);
    // Latin-1 stays as it is; an emoji becomes one reference in text, its two UTF-16 units in a script.
    expect(written).toContain('café, 400 °C');
    expect(written).toContain('&#x1f600;');
    expect(written).toContain('\\ud83d\\ude00');
    expect(written).toContain('<span aria-hidden="true">&#x25be;</span>');
    const [before, after] = [parse(page), parse(written)];
    expect(after).toEqual(before);
    // A lone surrogate (text sent as JSON may hold one) reaches the browser as U+FFFD either way.
    const lone = page.replaceAll('café', 'caf\ud800').replaceAll('5★', '5\udc00★');
    const received = Buffer.from(lone, 'utf8').toString('utf8');
    expect(received).toContain('caf\ufffd');
    expect(parse(oneByteHtml(lone))).toEqual(parse(received));
    expect(after.title).toBe('Brake pads – PartsMart');
    expect(JSON.stringify(after.scripts)).toContain('5★ 😀 café');
  });

  it('keeps a page without such characters as it is, and one with them inside a style', () => {
    const latin = '<html><body><p>café, 400 °C</p><script>self.x=1</script></body></html>';
    expect(oneByteHtml(latin)).toBe(latin);
    const styled = '<html><head><style>.menu::after{content:"▾"}</style></head><body>▾</body></html>';
    expect(oneByteHtml(styled)).toBe(styled);
  });

  it('is how the cache handler stores a page (data entries are kept as they are)', async () => {
    const handler = new ShopCacheHandler();
    const entry = { kind: 'APP_PAGE', html: page, headers: { 'x-next-cache-tags': 'one-byte' }, status: 200 };
    await handler.set('/one-byte', entry, { cacheControl: { revalidate: false } });
    const stored = (await new ShopCacheHandler().get('/one-byte', {}))?.value as { html: string };
    expect(stored.html).toBe(oneByteHtml(page));
    expect(entry.html).toBe(page);
    const data = { kind: 'FETCH', data: { headers: {}, body: '"▾"', status: 200, url: '' }, revalidate: 60, tags: [] };
    await handler.set('data:one-byte', data, { fetchCache: true, tags: [] });
    expect(((await new ShopCacheHandler().get('data:one-byte', { tags: [] }))?.value as typeof data).data.body).toBe('"▾"');
  });
});
