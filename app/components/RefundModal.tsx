// The refund dialog shell (issue 8). Without JavaScript the cancel screen is a page of its own
// (/mon-inscription/{id}/annuler); once the app runs, the same content opens in this dialog over
// /mon-inscription/{id}: Escape or the backdrop closes it, Tab stays inside, focus comes back to the opener.
import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "@remix-run/react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function RefundModal({
  children,
  closeTo,
  labelledBy,
}: {
  children: ReactNode;
  closeTo: string;
  labelledBy: string;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);

  // The dialog opens once per mount; closeTo does not change while it is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount on purpose (see above)
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = panel.current;
    const first = el?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? el)?.focus();
    const close = () => navigate(closeTo, { preventScrollReset: true, replace: false });
    function onKey(e: KeyboardEvent) {
      if (!el) return;
      if (e.key === "Escape") {
        e.preventDefault();
        close();
        return;
      }
      if (e.key !== "Tab") return;
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (n) => n.offsetParent !== null || n === document.activeElement,
      );
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const [head, tail] = [items[0], items[items.length - 1]];
      const active = document.activeElement;
      if (e.shiftKey && (active === head || !el.contains(active))) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && (active === tail || !el.contains(active))) {
        e.preventDefault();
        head.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <div
        ref={panel}
        className="modal-panel card"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
