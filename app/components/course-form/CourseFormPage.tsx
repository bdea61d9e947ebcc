// The page around the event form (creating or editing an event): the way back, the title, what to know, the
// notice of a form kept from an ended session, then the form.
import type { ReactNode } from "react";
import { Link } from "~/components/Link";
import * as paths from "~/domain/paths";
import { CourseForm, type CourseFormProps } from "./CourseForm";

export function CourseFormPage({
  title,
  intro,
  draftNotice,
  children,
  form,
}: {
  title: ReactNode;
  /** Under the title (the required fields, the event's state). */
  intro: ReactNode;
  /** Shown until the form is sent: the form came back filled from before a login. */
  draftNotice: string | null;
  /** Other notices, above the form. */
  children?: ReactNode;
  form: Omit<CourseFormProps, "cancelTo">;
}) {
  return (
    <section className="container page organiser-page">
      <p className="small">
        <Link to={paths.organiserSpace()}>← Mon espace</Link>
      </p>
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      {draftNotice ? (
        <p className="alert alert-info" role="status">
          {draftNotice}
        </p>
      ) : null}
      {children}
      <CourseForm {...form} cancelTo={paths.organiserSpace()} />
    </section>
  );
}
