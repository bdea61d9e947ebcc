/** File storage on R2. Keys look like "courses/{courseId}/image-{random}.webp". */
export interface Storage {
  put(key: string, body: ArrayBuffer | ReadableStream | Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<R2ObjectBody | null>;
  delete(key: string): Promise<void>;
}

export function createR2Storage(bucket: R2Bucket): Storage {
  return {
    async put(key, body, contentType) {
      await bucket.put(key, body, { httpMetadata: { contentType } });
    },
    get: (key) => bucket.get(key),
    delete: (key) => bucket.delete(key),
  };
}
