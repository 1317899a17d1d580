'use client';

import type { ComponentProps } from 'react';
import { preload } from 'react-dom';

type ImgElementProps = ComponentProps<'img'> & { src: string; preloaded?: boolean; media?: string };

/**
 * The <img> of components/ui/shop-image.tsx behind a client boundary. A server component's eager <img>
 * makes React send a preload hint with the page's data, and a prefetch of that page (a link in view)
 * then preloads its picture on whatever page prefetched it: the home page's hero fetched first on a
 * part page. From here only the page's own HTML preloads its main picture.
 *
 * With `media`, the picture is a <picture> whose one source holds where the query does; elsewhere the
 * <img> has no source and nothing is fetched (the preload hint carries the same query).
 */
export function ImgElement({ preloaded = false, media, src, srcSet, sizes, ...img }: ImgElementProps) {
  if (preloaded) {
    preload(src, {
      as: 'image',
      fetchPriority: 'high',
      ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
      ...(media ? { media } : {}),
    });
  }
  if (media) {
    return (
      <picture>
        <source media={media} srcSet={srcSet ?? src} sizes={sizes} />
        {/* eslint-disable-next-line jsx-a11y/alt-text -- next/image's own attributes (getImageProps); alt is always given */}
        <img {...img} />
      </picture>
    );
  }
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own attributes (getImageProps); alt is always given
  return <img {...img} src={src} srcSet={srcSet} sizes={sizes} />;
}
