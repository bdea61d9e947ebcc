import type { ImageSources } from "~/domain/image-variants";

/**
 * An event image in the size the screen needs (decision 0223): its sizes by `srcSet`/`sizes` when they exist, the
 * original otherwise; width and height always set (no layout shift). Below the fold it waits until it is near the
 * screen (`lazy`); the hero comes first (`eager`, high priority). A picture with phone sizes (the hero, decisions
 * 0236 and 0238) is a <picture> whose <source>s give phones a size at about 1×; the <img> inside keeps the class and
 * the box.
 */
export function ResponsiveImage({
  image,
  className,
  priority = "lazy",
}: {
  image: ImageSources;
  className?: string;
  priority?: "lazy" | "eager";
}) {
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      alt=""
      decoding="async"
      loading={priority}
      // React 18 knows no fetchPriority prop: the attribute is passed as it is.
      {...(priority === "eager" ? { fetchpriority: "high" } : {})}
    />
  );
  if (!image.phones) return img;
  return (
    <picture>
      {image.phones.map((p) => (
        <source key={p.media} media={p.media} srcSet={p.src} />
      ))}
      {img}
    </picture>
  );
}
