import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the shared pages ship to every browser before anything is clicked: the client modules their
 * server components render, and everything those import statically. Form, payment, dialog,
 * toast and sign-in libraries belong in chunks loaded when they are needed (React.lazy, import()), not here:
 * the navbar's search box once pulled all of zod into every page through one constant. Pictures are plain
 * <img> elements with next/image's attributes (components/ui/shop-image.tsx), not its client component.
 */
const ROOT = path.resolve(__dirname, '..');
const SHARED_PAGES = [
  'app/layout.tsx',
  'app/(shop)/page.tsx',
  'app/(shop)/parts/[id]/page.tsx',
  'app/(shop)/blogs/page.tsx',
  'app/(auth)/login/page.tsx',
];
const NOT_IN_FIRST_LOAD = [
  'zod',
  'react-hook-form',
  '@hookform/resolvers/zod',
  'next-auth/react',
  'sweetalert2',
  '@stripe/stripe-js',
  '@stripe/react-stripe-js',
  // Loaded with the first toast (components/ui/toast.ts).
  'sonner',
  // React.lazy does the same from React itself, which every page has anyway.
  'next/dynamic',
];
const LAZY_PAGES_ALLOWED: Record<string, string[]> = {
  // The login form is the login page's purpose: it may ship its form libraries and next-auth's signIn.
  'app/(auth)/login/page.tsx': ['zod', 'react-hook-form', '@hookform/resolvers/zod', 'next-auth/react'],
};

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:([^'";]*?)\sfrom\s+)?['"]([^'"]+)['"]/gm;
/** An import clause with a default import (`Image` or `Image, { ... }`), not only named ones. */
const DEFAULT_IMPORT = /^\s*[A-Za-z_$][\w$]*\s*(?:,|$)/;

function resolveLocal(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && path.extname(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${path.relative(ROOT, from)}`);
}

type FirstLoad = Map<string, string[]> & {
  /** The chains through which a module (server or client) imports next/image's component. */
  imageComponent: string[][];
};

/** The packages the page's client modules import statically, each with the chain that reached it. */
function firstLoadPackages(page: string): FirstLoad {
  const found = Object.assign(new Map<string, string[]>(), { imageComponent: [] as string[][] });
  const seen = new Set<string>();
  const visit = (file: string, client: boolean, chain: string[]) => {
    const key = `${file}:${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = readFileSync(file, 'utf8');
    const isClient = client || /^['"]use client['"];?/m.test(source.slice(0, 200));
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const specifier = match[2]!;
      const local = resolveLocal(specifier, file);
      const step = [...chain, path.relative(ROOT, file)];
      if (specifier === 'next/image' && DEFAULT_IMPORT.test(match[1] ?? '')) found.imageComponent.push(step);
      if (local) visit(local, isClient, step);
      else if (isClient && !found.has(specifier)) found.set(specifier, step);
    }
  };
  visit(path.join(ROOT, page), false, []);
  return found;
}

describe('first-load JavaScript of the shared pages', () => {
  it.each(SHARED_PAGES)('%s ships no form, payment, dialog or sign-in library up front', (page) => {
    const packages = firstLoadPackages(page);
    const allowed = LAZY_PAGES_ALLOWED[page] ?? [];
    const offending = NOT_IN_FIRST_LOAD.filter((name) => packages.has(name) && !allowed.includes(name)).map(
      (name) => `${name} via ${packages.get(name)!.join(' > ')}`,
    );
    expect(offending).toEqual([]);
  });

  it.each(SHARED_PAGES)('%s renders no next/image client component', (page) => {
    expect(firstLoadPackages(page).imageComponent.map((chain) => chain.join(' > '))).toEqual([]);
  });

  it('sees client imports through server components (it would catch the search box importing zod again)', () => {
    // The walk must reach the navbar's client islands and their packages, or the test above proves nothing.
    const packages = firstLoadPackages('app/layout.tsx');
    expect(packages.has('next/navigation')).toBe(true);
    expect(packages.has('next/link')).toBe(true);
    expect(firstLoadPackages('app/(auth)/login/page.tsx').has('react-hook-form')).toBe(true);
    // And it would catch a page rendering next/image's component again.
    expect(DEFAULT_IMPORT.test('Image')).toBe(true);
    expect(DEFAULT_IMPORT.test('Image, { type ImageProps }')).toBe(true);
    expect(DEFAULT_IMPORT.test('{ getImageProps, type ImageProps }')).toBe(false);
  });
});
