// Sharing the event page: the hero's 'Partager' and the share panel's copy button (with JavaScript: the clipboard).
import { useEffect, useRef, useState } from "react";
import { copyLink } from "~/components/copy-link";
import { useStaticPage } from "~/components/islands";
import { useHydrated } from "~/components/useHydrated";

/** Copies `url` to the clipboard ('Lien copié' for 1.5 s, spec section 9); without the clipboard API, selects the field. */
function useCopy(url: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    await copyLink(url);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 1500);
  }
  return { copied, copy };
}

export function ShareButton({ url, className }: { url: string; className: string }) {
  const hydrated = useHydrated();
  const { copied, copy } = useCopy(url);
  // On a static page the share island (app/islands/share.ts) turns the link into the copy button.
  const island = useStaticPage();
  if (!hydrated)
    return (
      <a href="#partage" className={className} data-share-url={island ? url : undefined}>
        Partager
      </a>
    );
  return (
    <>
      <button type="button" className={className} onClick={copy}>
        {copied ? "Lien copié" : "Partager"}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? "Lien copié" : ""}
      </span>
    </>
  );
}

/** The share panel's copy button (with JavaScript; without it the link is in a field ready to be selected). */
export function CopyLinkButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const { copied, copy } = useCopy(url);
  // On a static page the share island (app/islands/share.ts) puts the button in this placeholder.
  const island = useStaticPage();
  if (!hydrated) return island ? <span data-copy-link-url={url} /> : null;
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" onClick={copy} aria-describedby="share-url">
        {copied ? "Lien copié" : "Copier le lien"}
      </button>
      <span role="status" className="visually-hidden">
        {copied ? "Lien copié" : ""}
      </span>
    </>
  );
}
