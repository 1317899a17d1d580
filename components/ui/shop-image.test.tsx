/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ShopImage } from '@/components/ui/shop-image';

describe('ShopImage', () => {
  it('sends the shipped SVG artwork as it is, lazily, without the optimizer', () => {
    render(<ShopImage src="/images/parts/oil-filter.svg" alt="Oil filter" width={400} height={300} />);
    const img = screen.getByRole('img', { name: 'Oil filter' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', '/images/parts/oil-filter.svg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('sends an uploaded photo through the optimizer with a srcset for its sizes', () => {
    render(<ShopImage src="/uploads/rotor.jpg" alt="Rotor" fill sizes="56px" className="object-cover" />);
    const img = screen.getByRole('img', { name: 'Rotor' });
    expect(img.getAttribute('src')).toMatch(/^\/_next\/image\?url=%2Fuploads%2Frotor\.jpg&w=\d+&q=75$/);
    expect(img.getAttribute('srcset')).toMatch(/\/_next\/image\?url=%2Fuploads%2Frotor\.jpg&w=\d+&q=75 \d+w/);
    expect(img).toHaveAttribute('sizes', '56px');
    expect(img).toHaveClass('object-cover');
    expect(img.style.position).toBe('absolute');
  });

  it('fetches the main picture first and preloads it', () => {
    render(<ShopImage src="/images/hero.svg" alt="" fill priority />);
    const img = document.querySelector('img[src="/images/hero.svg"]');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const preload = document.head.querySelector('link[rel="preload"][as="image"][href="/images/hero.svg"]');
    expect(preload).not.toBeNull();
    expect(preload).toHaveAttribute('fetchpriority', 'high');
  });

  it('with a media query, gives the picture as a source that holds only there, and preloads it only there', () => {
    render(<ShopImage src="/images/sale-banner.svg" alt="" fill priority media="(min-width: 40rem)" className="-z-10" />);
    const source = document.querySelector('picture > source');
    expect(source).toHaveAttribute('media', '(min-width: 40rem)');
    expect(source).toHaveAttribute('srcset', '/images/sale-banner.svg');
    // The <img> itself has no source: where the query does not hold, nothing is fetched.
    const img = document.querySelector('picture > img');
    expect(img).not.toHaveAttribute('src');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveClass('-z-10');
    // (Another picture than the test above: React preloads one address once per document.)
    const preload = document.head.querySelector('link[rel="preload"][as="image"][href="/images/sale-banner.svg"]');
    expect(preload).toHaveAttribute('media', '(min-width: 40rem)');
  });
});
