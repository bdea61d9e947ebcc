// QR codes drawn on our server as inline SVG (no external QR service): event share panel (120×120) and
// registration confirmation (160×160).
import QRCode from "qrcode";

export const EVENT_QR_SIZE = 120;
export const CONFIRMATION_QR_SIZE = 160;

// A QR code depends only on its text and size, and drawing one costs about half a millisecond of CPU: the
// isolate keeps the last few hundred it drew (an event page's QR is the same for every visitor).
const MEMO_MAX = 500;
const memo = new Map<string, string>();

/** An <svg> string of `size`×`size` pixels encoding `text`. The markup comes from the qrcode package only. */
export async function qrSvg(text: string, size: number = EVENT_QR_SIZE): Promise<string> {
  const key = `${size}\n${text}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const drawn = await QRCode.toString(text, {
    type: "svg",
    width: size,
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#1b1f23", light: "#ffffff" },
  });
  const svg = drawn.replace("<svg ", `<svg role="img" aria-hidden="true" focusable="false" `);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string); // the oldest first
  memo.set(key, svg);
  return svg;
}
