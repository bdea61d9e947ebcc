// QR codes drawn on our server as inline SVG (no external QR service): event share panel (120×120) and
// registration confirmation (160×160).
import QRCode from "qrcode";

export const EVENT_QR_SIZE = 120;
export const CONFIRMATION_QR_SIZE = 160;

/** An <svg> string of `size`×`size` pixels encoding `text`. The markup comes from the qrcode package only. */
export async function qrSvg(text: string, size: number = EVENT_QR_SIZE): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", width: size, margin: 1, errorCorrectionLevel: "M", color: { dark: "#1b1f23", light: "#ffffff" } });
  return svg.replace("<svg ", `<svg role="img" aria-hidden="true" focusable="false" `);
}
