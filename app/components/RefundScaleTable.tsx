import { REFUND_SCALE } from "~/domain/refund";

export function RefundScaleTable() {
  return (
    <table className="table">
      <caption className="visually-hidden">Barème de remboursement</caption>
      <thead>
        <tr>
          <th scope="col">Date d'annulation</th>
          <th scope="col">Remboursement</th>
        </tr>
      </thead>
      <tbody>
        {REFUND_SCALE.map((t) => (
          <tr key={t.label}>
            <td>{t.label}</td>
            <td>{t.percent}&nbsp;%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
