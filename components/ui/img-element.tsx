'use client';

import type { ComponentProps } from 'react';
import { preload } from 'react-dom';

type ImgElementProps = ComponentProps<'img'> & { src: string; preloaded?: boolean; media?: string };

/** shop-image's <img> behind a client boundary: a server component's eager <img> sends a preload hint that prefetching pages
 * would follow. With `media`, a <picture> whose one source matches the query; elsewhere nothing is fetched. */
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
