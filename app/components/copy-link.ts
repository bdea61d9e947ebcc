// Copying the event's address: the clipboard, or (without the clipboard API) the share field's text selected and
// copied the old way. Shared by the React share panel (app/routes/courses.$id/Share.tsx) and the static page's share
// island (app/islands/share.ts).
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    const input = document.getElementById("share-url") as HTMLInputElement | null;
    input?.select();
    document.execCommand?.("copy");
  }
}
