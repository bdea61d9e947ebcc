// Deleting an event: what the confirmation page says will go with it. Pure.

/** "L'épreuve, son format, …" for one format, "ses 3 formats" for several, no formats named when there are none. */
export function eventDeletionText(formats: number): string {
  const what = formats <= 0 ? "" : formats === 1 ? "son format, " : `ses ${formats}\u00a0formats, `;
  return `L'épreuve, ${what}ses fichiers et ses inscriptions non payées seront supprimés.`;
}
