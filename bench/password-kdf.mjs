// Measures PBKDF2-HMAC-SHA256 (WebCrypto) at the iteration counts of docs/decisions/0010. Run: npx node bench/password-kdf.mjs
const enc = new TextEncoder();
async function once(iterations) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", enc.encode("balise-demo"), "PBKDF2", false, ["deriveBits"]);
  const t = performance.now();
  await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return performance.now() - t;
}
for (const it of [10000, 100000]) {
  await once(it);
  const xs = [];
  for (let i = 0; i < 20; i++) xs.push(await once(it));
  xs.sort((a, b) => a - b);
  console.log(`iterations=${it} median=${xs[10].toFixed(1)}ms p90=${xs[18].toFixed(1)}ms min=${xs[0].toFixed(1)}ms`);
}
