// Escaping of text placed in HTML or XML (e-mails, the sitemap, generated GPX): the one rule, written once.

/** `s` as text content or an attribute value: & < > " ' escaped. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
