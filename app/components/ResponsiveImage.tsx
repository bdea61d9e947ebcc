import type { ImageSources } from "~/domain/image-variants";

/**
 * An event image in the size the screen needs (decision 0223): its sizes by `srcSet`/`sizes` when they exist, the
 * original otherwise; width and height always set (no layout shift). Below the fold it waits until it is near the
 * screen (`lazy`); the hero comes first (`eager`, high priority). A picture with a phone size (the hero, decision
 * 0236) is a <picture> whose <source> gives phones that size at 1×; the <img> inside keeps the class and the box.
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
  if (!image.phone) return img;
  return (
    <picture>
      <source media={image.phone.media} srcSet={image.phone.src} />
      {img}
    </picture>
  );
}
