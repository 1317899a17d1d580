import Image, { type ImageProps } from 'next/image';

/** next/image for catalog pictures; the shipped SVG artwork is served as is. */
export function ShopImage(props: ImageProps & { src: string }) {
  const isSvg = props.src.split('?')[0]!.toLowerCase().endsWith('.svg');
  // eslint-disable-next-line jsx-a11y/alt-text -- alt is required by ImageProps and passed through
  return <Image {...props} unoptimized={props.unoptimized ?? isSvg} />;
}
