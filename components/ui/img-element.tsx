'use client';

import type { ComponentProps } from 'react';
import { preload } from 'react-dom';

type ImgElementProps = ComponentProps<'img'> & { src: string; preloaded?: boolean };

/**
 * The <img> of components/ui/shop-image.tsx behind a client boundary. A server component's eager <img>
 * makes React send a preload hint with the page's data, and a prefetch of that page (a link in view)
 * then preloads its picture on whatever page prefetched it: the home page's hero fetched first on a
 * part page. From here only the page's own HTML preloads its main picture.
 */
export function ImgElement({ preloaded = false, ...img }: ImgElementProps) {
  if (preloaded) {
    preload(img.src, { as: 'image', fetchPriority: 'high', ...(img.srcSet ? { imageSrcSet: img.srcSet, imageSizes: img.sizes } : {}) });
  }
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own attributes (getImageProps); alt is always given
  return <img {...img} />;
}
