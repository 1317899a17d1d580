import { getImageProps, type ImageProps } from 'next/image';
import { ImgElement } from '@/components/ui/img-element';

type ShopImageProps = Omit<ImageProps, 'src' | 'priority' | 'preload'> & {
  src: string;
  /** The page's main picture: fetched first and preloaded from the document's head. */
  priority?: boolean;
  /** A media query: the picture is fetched and shown only where it holds (decorative artwork). */
  media?: string;
};

/** next/image's attributes on a plain <img>, keeping the image component's JavaScript out of every page. */
export function ShopImage({ priority = false, media, ...props }: ShopImageProps) {
  const isSvg = props.src.split('?')[0]!.toLowerCase().endsWith('.svg');
  const { props: img } = getImageProps({
    ...props,
    unoptimized: props.unoptimized ?? isSvg,
    ...(priority ? { loading: 'eager', fetchPriority: 'high' } : {}),
  });
  return <ImgElement {...img} preloaded={priority} media={media} />;
}
