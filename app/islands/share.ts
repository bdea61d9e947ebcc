// Share island (docs/decisions/0222): on a static event page, the hero's 'Partager' link becomes a button that copies
// the event's address, and the share panel gets its 'Copier le lien' button, as the React page does
// (app/routes/courses.$id/Share.tsx): 'Lien copié' for 1.5 s, announced; without the clipboard API, the field is
// selected.
import { copyLink } from "~/components/copy-link";

/** A button that copies `url`, showing `copiedText` for 1.5 s, and its status for screen readers. */
function copyButton(url: string, className: string, label: string): [HTMLButtonElement, HTMLSpanElement] {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = label;
  const status = document.createElement("span");
  status.setAttribute("role", "status");
  status.className = "visually-hidden";
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener("click", async () => {
    await copyLink(url);
    button.textContent = "Lien copié";
    status.textContent = "Lien copié";
    clearTimeout(timer);
    timer = setTimeout(() => {
      button.textContent = label;
      status.textContent = "";
    }, 1500);
  });
  return [button, status];
}

for (const a of document.querySelectorAll<HTMLAnchorElement>("a[data-share-url]")) {
  a.replaceWith(...copyButton(a.dataset.shareUrl ?? "", a.className, "Partager"));
}
for (const slot of document.querySelectorAll<HTMLElement>("[data-copy-link-url]")) {
  const [button, status] = copyButton(slot.dataset.copyLinkUrl ?? "", "btn btn-ghost btn-small", "Copier le lien");
  button.setAttribute("aria-describedby", "share-url");
  slot.replaceWith(button, status);
}
