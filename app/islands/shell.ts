// Shell island (docs/decisions/0222): on the pages React does not hydrate, the header menus' keyboard and the focus
// kept above the bottom bars, as the React shell does elsewhere (app/components/shell-keys.ts).
import { keepFocusAboveBars, onMenuBackdrop, onMenuKey } from "~/components/shell-keys";

document.addEventListener("keydown", onMenuKey);
document.addEventListener("click", onMenuBackdrop);
document.addEventListener("focusin", keepFocusAboveBars);
