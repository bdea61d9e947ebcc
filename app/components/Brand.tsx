// The site's name as the header prints it: in the Remix header (app/components/Header.tsx) and on the Worker's
// light waiting page (app/light-queue-page.tsx), each in its own link to the home page.

/** The accessible name of the link to the home page that carries the brand. */
export const BRAND_LINK_LABEL = "Balise, accueil";

export function BrandContent() {
  return (
    <>
      <span className="brand-mark" aria-hidden="true">
        ◆
      </span>{" "}
      Balise
    </>
  );
}
