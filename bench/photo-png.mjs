// A photo-like test image for the benches, made without any image library: a PNG (RGB, 8 bits) of smooth colour
// gradients — a sky, a mountain ridge, a meadow — with light noise, so that it weighs and compresses like a camera
// picture rather than like a flat drawing. Deterministic (a fixed-seed generator).
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A `width` × `height` photo-like PNG. */
export function photoPng(width = 1600, height = 1000, seed = 46) {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const ridge = height * (0.45 + 0.12 * Math.sin(x / 140) + 0.05 * Math.sin(x / 37));
      const meadow = height * 0.78;
      let r;
      let g;
      let b;
      if (y < ridge) [r, g, b] = [110 + (y / ridge) * 80, 160 + (y / ridge) * 60, 230];
      else if (y < meadow) [r, g, b] = [95 + ((x * 7) % 40), 90 + ((y * 3) % 30), 100];
      else [r, g, b] = [70 + (x % 60) / 2, 140 + ((x + y) % 50) / 2, 60];
      const n = (rand() - 0.5) * 24;
      const i = row + 1 + x * 3;
      raw[i] = Math.max(0, Math.min(255, r + n));
      raw[i + 1] = Math.max(0, Math.min(255, g + n));
      raw[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
