// A message at the top of a page or a form: a success or information (role=status) or an error (role=alert).
// Nothing is drawn when there is no message.
import type { ReactNode } from "react";

export function Notice({ kind, children }: { kind: "success" | "info" | "error"; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`alert alert-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}
