// The team as its owner sees it: the co-organisers with their rights ('Retirer'), then the invitations with their
// state and expiry ('Révoquer' while pending).
import { Form } from "@remix-run/react";
import { DataTable } from "~/components/table/DataTable";
import type { InvitationState } from "~/domain/event-team";

interface Member {
  userId: string;
  email: string;
  droits: string;
  depuis: string;
}
interface Invitation {
  id: string;
  email: string;
  droits: string;
  state: InvitationState;
  etat: string;
  expire: string;
}

function RowAction({
  name,
  value,
  intent,
  label,
  text,
}: {
  name: string;
  value: string;
  intent: string;
  label: string;
  text: string;
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name={name} value={value} />
      <button type="submit" name="intent" value={intent} className="btn btn-ghost btn-danger-ghost" aria-label={label}>
        {text}
      </button>
    </Form>
  );
}

export function TeamMembers({ members }: { members: readonly Member[] }) {
  return (
    <section className="card">
      <h2 id="membres">Co-organisateurs</h2>
      <DataTable
        rows={members}
        region="membres"
        columns={["Compte", "Droits", "Depuis", { label: "Actions", hidden: true }]}
        empty={<p className="muted">Personne pour l'instant&nbsp;: invitez quelqu'un ci-dessus.</p>}
      >
        {(m) => (
          <tr key={m.userId}>
            <td data-label="Compte">{m.email}</td>
            <td data-label="Droits">{m.droits}</td>
            <td data-label="Depuis">{m.depuis}</td>
            <td>
              <RowAction name="memberId" value={m.userId} intent="remove" label={`Retirer ${m.email}`} text="Retirer" />
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

export function TeamInvitations({ invitations }: { invitations: readonly Invitation[] }) {
  return (
    <section className="card">
      <h2 id="invitations">Invitations</h2>
      <DataTable
        rows={invitations}
        region="invitations"
        columns={["Adresse", "Droits", "État", "Expire le", { label: "Actions", hidden: true }]}
        empty={<p className="muted">Aucune invitation envoyée.</p>}
      >
        {(i) => (
          <tr key={i.id}>
            <td data-label="Adresse">{i.email}</td>
            <td data-label="Droits">{i.droits}</td>
            <td data-label="État">{i.etat}</td>
            <td data-label="Expire le">{i.expire}</td>
            <td>
              {i.state === "en_attente" ? (
                <RowAction
                  name="invitationId"
                  value={i.id}
                  intent="revoke"
                  label={`Révoquer l'invitation de ${i.email}`}
                  text="Révoquer"
                />
              ) : null}
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}
