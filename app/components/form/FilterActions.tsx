// A filter form's buttons: apply the filters (GET), or go back to the page without any.
import { Link } from "~/components/Link";

export function FilterActions({
  className,
  submit = "Appliquer",
  resetTo,
}: {
  className: string;
  submit?: string;
  /** The page without filters. */
  resetTo: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn btn-primary">
        {submit}
      </button>
      <Link to={resetTo} className="btn btn-ghost">
        Réinitialiser
      </Link>
    </div>
  );
}
