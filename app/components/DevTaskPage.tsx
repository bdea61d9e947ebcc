// A /dev page that runs a scheduled task's step now (development and tests only): what it does, how many things the
// last run did, and the one button.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

export function DevTaskPage({
  title,
  intro,
  done,
  button,
}: {
  title: string;
  intro: ReactNode;
  /** What the last run did, in a sentence; null before any run. */
  done: string | null;
  button: string;
}) {
  return (
    <section className="container profile-page">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      {done !== null ? <p role="status">{done}</p> : null}
      <Form method="post">
        <button type="submit" className="btn btn-primary">
          {button}
        </button>
      </Form>
    </section>
  );
}
