/**
 * next.config.mjs refuses a malformed Next-Router-State-Tree through a rewrite's header condition
 * (Next.js hides the header from proxy.ts): its pattern is lib/platform/router-state-header.ts's, and
 * it lets exactly the URL-encoded JSON arrays through. The 400 itself is checked in e2e/router-state.spec.ts.
 */
import nextConfig from '@/next.config.mjs';
import { isRouterStateTree, ROUTER_STATE_HEADER, ROUTER_STATE_PATTERN } from '@/lib/platform/router-state-header';

type Rewrite = { source: string; destination: string; has?: Array<{ type: string; key: string; value?: string }> };
let headerMatcher: Rewrite | undefined;
let malformed: RegExp;

beforeAll(async () => {
  const rewrites = (await nextConfig.rewrites!()) as { beforeFiles: Rewrite[] };
  headerMatcher = rewrites.beforeFiles.find((rule) => rule.destination === '/bad-router-state');
  malformed = new RegExp(headerMatcher!.has![0]!.value!);
});

const TREE = encodeURIComponent(JSON.stringify(['', { children: ['parts', { children: ['__PAGE__', {}] }] }, null, null, true]));
const BAD = ['x', '', '%7B%7D', '%5B%E0%A4%A%5D', encodeURIComponent('{"a":1}'), '%5B%22x%22', '["",{}]'];

describe('the router state header', () => {
  it("is matched by the rewrite's pattern, built from the library's", () => {
    expect(headerMatcher!.has![0]).toMatchObject({ type: 'header', key: ROUTER_STATE_HEADER });
    expect(headerMatcher!.has![0]!.value).toBe(`^(?!${ROUTER_STATE_PATTERN}$).*$`);
  });

  it('lets a real tree through and sends every malformed value to the refusal', () => {
    expect(isRouterStateTree(TREE)).toBe(true);
    expect(malformed.test(TREE)).toBe(false);
    for (const value of BAD) {
      expect({ value, parses: isRouterStateTree(value) }).toEqual({ value, parses: false });
      expect({ value, refused: malformed.test(value) }).toEqual({ value, refused: true });
    }
  });
});
