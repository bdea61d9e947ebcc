// The one mapper of domain errors (CONVENTIONS, "Errors"; decision 0201). A route catches what its use case throws,
// asks mapDomainError what it means, and answers with that status and that French message (beside its field when
// it has one); anything that is not a DomainError comes back null, and the route rethrows it. A loader that cannot
// show an error on its page throws notFoundResponse's answer instead (notFoundOrRethrow for a `.catch`), and an
// action whose page shows it takes errorToShow's mapping (the 404/403 thrown, the rest to show).
import { type DomainError, isDomainError } from "~/domain/errors";

/** What a route answers for a domain error: its status, its code (logged), its French message and its field. */
export interface MappedError {
  status: number;
  code: string;
  message: string;
  /** The form field the message goes beside; absent for a message about the whole form. */
  field?: string;
}

/**
 * The status, code, French message and field of a DomainError (from its area's table); null for anything else, or,
 * given `otherwise`, the mapping of that error instead (what a page says when something unexpected went wrong).
 */
export function mapDomainError(e: DomainError): MappedError;
export function mapDomainError(e: unknown): MappedError | null;
export function mapDomainError(e: unknown, otherwise: DomainError): MappedError;
export function mapDomainError(e: unknown, otherwise?: DomainError): MappedError | null {
  if (!isDomainError(e)) return otherwise ? mapDomainError(otherwise) : null;
  const mapped: MappedError = { status: e.status, code: e.code, message: e.message };
  if (e.field) mapped.field = e.field;
  return mapped;
}

/** A domain error as a thrown response: its status, its French message as the body (a page's error boundary). */
export function domainErrorResponse(e: DomainError): Response {
  const { status, message } = mapDomainError(e);
  return new Response(message, { status });
}

/** The French 404 (or 403) a page answers for a domain error that says "not there" (or "not yours"); else null. */
export function notFoundResponse(e: unknown): Response | null {
  if (!isDomainError(e) || (e.status !== 404 && e.status !== 403)) return null;
  return domainErrorResponse(e);
}

/** For a loader's `.catch`: throws the French 404/403 of a domain error that says "not there"; rethrows anything else. */
export function notFoundOrRethrow(e: unknown): never {
  throw notFoundResponse(e) ?? e;
}

/**
 * For an action whose page shows the error it caught: the mapping of a DomainError, once the French 404/403 of one
 * that says "not there" or "not yours" is thrown (the page has nothing to show then); anything else is rethrown.
 */
export function errorToShow(e: unknown): MappedError {
  const notFound = notFoundResponse(e);
  if (notFound) throw notFound;
  const err = mapDomainError(e);
  if (!err) throw e;
  return err;
}
