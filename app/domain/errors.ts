// The one base of every area's error (CONVENTIONS, "Errors"; decision 0201): a code (what went wrong, stable, the
// one logged), the HTTP status it answers with, and optionally the form field its message goes beside. The base
// carries no text: each area keeps its own table of French messages keyed by code, and passes the message it built
// from it. app/utils/domain-errors.ts turns any of them into what a route answers.

// The Worker bundle and the Remix build each carry a copy of the modules they share, so `instanceof` cannot
// recognise an error made by the other copy. A brand in the runtime's global symbol registry is the same in every
// copy: isDomainError checks it (as isPaymentProviderError does for the provider's errors).
const DOMAIN_ERROR = Symbol.for("balise.domain-error");

export abstract class DomainError<C extends string = string> extends Error {
  readonly [DOMAIN_ERROR] = true;
  // Declared fields, not parameter properties: the module stays plain erasable TypeScript.
  readonly code: C;
  readonly status: number;
  readonly field?: string;
  constructor(code: C, status: number, message: string, field?: string) {
    super(message);
    this.code = code;
    this.status = status;
    if (field) this.field = field;
  }
}

/**
 * The class of an area's errors whose status, message and form field come from the area's tables, by code:
 * `export class ChatError extends tabledError<ChatErrorCode>("ChatError", CHAT_ERROR_STATUS, CHAT_ERROR_MESSAGES) {}`.
 * An error may carry a more precise French text (a field's rule) and the form field it goes beside:
 * `new RegistrantError("invalid", "Le nom est obligatoire.", "nom")`; without, the tables'.
 */
export function tabledError<C extends string>(
  name: string,
  status: Readonly<Record<C, number>>,
  messages: Readonly<Record<C, string>>,
  fields?: Readonly<Partial<Record<C, string>>>,
) {
  return class extends DomainError<C> {
    constructor(code: C, message?: string, field?: string) {
      super(code, status[code], message ?? messages[code], field ?? fields?.[code]);
      this.name = name;
    }
  };
}

/** True for a DomainError of any area, made by any copy of this module. */
export function isDomainError(e: unknown): e is DomainError {
  return typeof e === "object" && e !== null && (e as { [DOMAIN_ERROR]?: unknown })[DOMAIN_ERROR] === true;
}
