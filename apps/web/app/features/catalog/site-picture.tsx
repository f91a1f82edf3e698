import type { SiteImage } from "@app/shared";
import { MEDIA_FILE, mediaPath, SITE_IMAGE_LIMITS } from "@app/shared/constants";

export type SitePictureProps = {
  image: SiteImage | null;
  /** How wide it is shown, for the browser's choice among the uploaded picture's widths. */
  sizes: string;
  className: string;
  eager?: boolean;
  /** The box it is laid out in before it loads: a product's 4:3 unless said (a service's is 16:10). */
  width?: number;
  height?: number;
};

/**
 * A product's or a service's picture. One uploaded from `Sitio web` (`/media/<id>-<width>.webp`, its
 * widest WebP) also exists as AVIF and at each standard width below it: the browser picks the
 * smallest that fills the space. Without a picture the same box stays, empty, so cards line up.
 */
export function SitePicture({ image, sizes, className, eager = false, width = 400, height = 300 }: SitePictureProps) {
  if (!image) return <div className={className} />;
  const loading = eager ? "eager" : "lazy";
  const media = MEDIA_FILE.exec(image.src.replace(/^\/media\//, ""));
  if (!media) {
    return (
      <img src={image.src} alt={image.alt} width={width} height={height} loading={loading} className={className} />
    );
  }
  const id = Number(media[1]);
  const widest = Number(media[2]);
  const standard = SITE_IMAGE_LIMITS.widths.filter((width) => width <= widest);
  const widths = standard.length > 0 ? standard : [widest];
  const srcSet = (format: "avif" | "webp") =>
    widths.map((width) => `${mediaPath(id, width, format)} ${width}w`).join(", ");
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <img
        src={image.src}
        srcSet={srcSet("webp")}
        sizes={sizes}
        alt={image.alt}
        width={width}
        height={height}
        loading={loading}
        className={className}
      />
    </picture>
  );
}
