// A photo-like PNG made in code (no binary fixture): a sky, two mountain ridges with rock texture and a meadow, with
// fine grain all over, so that it compresses like a photograph rather than a flat drawing. Runs in workerd and in
// Node (CompressionStream "deflate" is zlib, what a PNG's IDAT holds). The same seed gives the same bytes.

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A small deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A ridge line: heights (in rows) per column, by midpoint displacement. */
function ridge(width: number, base: number, rough: number, rnd: () => number): Float64Array {
  const size = 2 ** Math.ceil(Math.log2(width));
  const h = new Float64Array(size + 1);
  h[0] = base + (rnd() - 0.5) * rough;
  h[size] = base + (rnd() - 0.5) * rough;
  for (let step = size, amp = rough; step > 1; step /= 2, amp *= 0.55)
    for (let i = step / 2; i < size; i += step) h[i] = (h[i - step / 2] + h[i + step / 2]) / 2 + (rnd() - 0.5) * amp;
  return h;
}

/** A width × height RGB PNG that looks (to an encoder) like a mountain photograph. */
export async function photoPng(width = 1600, height = 900, seed = 46): Promise<Uint8Array<ArrayBuffer>> {
  const rnd = random(seed);
  const far = ridge(width, height * 0.42, height * 0.35, rnd);
  const near = ridge(width, height * 0.62, height * 0.3, rnd);
  const raw = new Uint8Array(height * (1 + width * 3));
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const grain = (rnd() - 0.5) * 10;
      const texture = Math.sin(x * 0.07 + y * 0.05) * 10 + Math.sin(x * 0.31 - y * 0.23) * 6;
      let r: number;
      let g: number;
      let b: number;
      if (y < far[x]) {
        const t = y / height;
        [r, g, b] = [90 + 120 * t, 140 + 90 * t, 220 + 20 * t];
      } else if (y < near[x]) {
        [r, g, b] = [110 + texture, 115 + texture, 130 + texture];
      } else if (y < height * 0.8) {
        [r, g, b] = [70 + texture * 1.5, 85 + texture * 1.5, 60 + texture];
      } else {
        [r, g, b] = [60 + texture, 130 + texture * 2, 50 + texture];
      }
      raw[o++] = Math.max(0, Math.min(255, r + grain));
      raw[o++] = Math.max(0, Math.min(255, g + grain));
      raw[o++] = Math.max(0, Math.min(255, b + grain));
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await zlib(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
