import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TableHead } from "./DataTable";

describe("TableHead", () => {
  it("writes one column header a label, in order, and leaves out the columns not shown", () => {
    const html = renderToStaticMarkup(
      <table>
        <TableHead columns={["Date", false, "Personne", null, { label: "Actions", hidden: true }]} />
      </table>,
    );
    expect(html).toBe(
      '<table><thead><tr><th scope="col">Date</th><th scope="col">Personne</th>' +
        '<th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead></table>',
    );
  });
});
