// Making an event image's sizes (decision 0223): Cloudflare Images through the Worker's `IMAGES` binding. There is
// one implementation: wrangler dev and the workerd tests run the same binding on this machine through Sharp (a
// dependency of miniflare), which reads every option but the encoder's quality (Sharp's default, 80, is used).
import type { VariantSpec } from "~/domain/image-variants";

export interface ImageVariantMaker {
  /** The original's size in pixels; throws when it cannot be read as a bitmap image. */
  size(original: Uint8Array<ArrayBuffer>): Promise<{ width: number; height: number }>;
  /** The original cropped (centred) to the variant's size and encoded in its format; throws on failure. */
  make(original: Uint8Array<ArrayBuffer>, spec: VariantSpec): Promise<Uint8Array>;
}

const stream = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]).stream();

export function createImagesBindingMaker(images: ImagesBinding): ImageVariantMaker {
  return {
    async size(original) {
      const info = await images.info(stream(original));
      if (!("width" in info)) throw new Error(`not a bitmap image: ${info.format}`);
      return { width: info.width, height: info.height };
    },
    async make(original, spec) {
      const result = await images
        .input(stream(original))
        .transform({ width: spec.width, height: spec.height, fit: "cover", gravity: "center" })
        .output({ format: spec.format, quality: spec.quality });
      return new Uint8Array(await result.response().arrayBuffer());
    },
  };
}
