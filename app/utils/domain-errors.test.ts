import { describe, expect, it } from "vitest";
import { thrownBy } from "../../tests/support/cases";
import { CANCEL_ERROR_MESSAGES, CANCEL_ERROR_STATUS, CancelError, type CancelErrorCode } from "~/domain/cancellation";
import { CHAT_ERROR_MESSAGES, CHAT_ERROR_STATUS, ChatError, type ChatErrorCode } from "~/domain/chat";
import { COURSE_ERROR_MESSAGES, COURSE_ERROR_STATUS, CourseError, type CourseErrorCode } from "~/domain/course-errors";
import { DomainError, isDomainError } from "~/domain/errors";
import { GPX_ERROR_MESSAGES, GpxError, type GpxErrorCode } from "~/domain/gpx";
import { MONEY_ERROR_MESSAGES, MONEY_ERROR_STATUS, MoneyError, type MoneyErrorCode } from "~/domain/money";
import { AUTH_ERROR_MESSAGES, AUTH_ERROR_STATUS, AuthError, type AuthErrorCode } from "~/domain/profile-account";
import {
  REGISTRANT_ERROR_STATUS,
  REGISTRANT_MESSAGES,
  RegistrantError,
  type RegistrantErrorCode,
} from "~/domain/registrants";
import {
  REGISTRATION_ERROR_STATUS,
  RegistrationError,
  registrationErrorMessage,
  type RegistrationErrorCode,
} from "~/domain/registration";
import {
  LifecycleError,
  REFUSAL_MESSAGES,
  REFUSAL_STATUS,
  type RefusalCode,
} from "~/domain/registration-rules/lifecycle";
import { TRANSFER_ERROR_STATUS, TRANSFER_MESSAGES, TransferError, type TransferErrorCode } from "~/domain/transfer";
import { WAITLIST_ERROR_STATUS, WAITLIST_MESSAGES, WaitlistError, type WaitlistErrorCode } from "~/domain/waitlist";
import { PaymentProviderError } from "~/providers/payments";
import { LOGIN_FORM_MESSAGES, LoginFormError } from "~/services/auth.server";
import {
  PAYMENT_ERROR_MESSAGES,
  PAYMENT_ERROR_STATUS,
  PaymentError,
  type PaymentErrorCode,
} from "~/services/payment-errors.server";
import { domainErrorResponse, errorToShow, mapDomainError, notFoundOrRethrow, notFoundResponse } from "./domain-errors";

const codes = <C extends string>(table: Record<C, unknown>) => Object.keys(table) as C[];

/** Each area's class, every code of its table: the status and the French message the mapper gives. */
const AREAS: { area: string; cases: { error: DomainError; status: number; message: string }[] }[] = [
  {
    area: "PaymentError",
    cases: codes<PaymentErrorCode>(PAYMENT_ERROR_MESSAGES).map((c) => ({
      error: new PaymentError(c),
      status: PAYMENT_ERROR_STATUS[c],
      message: PAYMENT_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "CourseError",
    cases: codes<CourseErrorCode>(COURSE_ERROR_MESSAGES).map((c) => ({
      error: new CourseError(c),
      status: COURSE_ERROR_STATUS[c],
      message: COURSE_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "WaitlistError",
    cases: codes<WaitlistErrorCode>(WAITLIST_MESSAGES).map((c) => ({
      error: new WaitlistError(c),
      status: WAITLIST_ERROR_STATUS[c],
      message: WAITLIST_MESSAGES[c],
    })),
  },
  {
    area: "GpxError",
    cases: codes<GpxErrorCode>(GPX_ERROR_MESSAGES).map((c) => ({
      error: new GpxError(c),
      status: 400,
      message: GPX_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "TransferError",
    cases: codes<TransferErrorCode>(TRANSFER_MESSAGES).map((c) => ({
      error: new TransferError(c),
      status: TRANSFER_ERROR_STATUS[c],
      message: TRANSFER_MESSAGES[c],
    })),
  },
  {
    area: "RegistrantError",
    cases: codes<RegistrantErrorCode>(REGISTRANT_MESSAGES).map((c) => ({
      error: new RegistrantError(c),
      status: REGISTRANT_ERROR_STATUS[c],
      message: REGISTRANT_MESSAGES[c],
    })),
  },
  {
    area: "LifecycleError",
    cases: codes<RefusalCode>(REFUSAL_MESSAGES).map((c) => ({
      error: new LifecycleError(c),
      status: REFUSAL_STATUS[c],
      message: REFUSAL_MESSAGES[c],
    })),
  },
  {
    area: "RegistrationError",
    cases: codes<RegistrationErrorCode>(REGISTRATION_ERROR_STATUS).map((c) => ({
      error: new RegistrationError(c, "Trail 10 km"),
      status: REGISTRATION_ERROR_STATUS[c],
      message: registrationErrorMessage(c, "Trail 10 km"),
    })),
  },
  {
    area: "ChatError",
    cases: codes<ChatErrorCode>(CHAT_ERROR_MESSAGES).map((c) => ({
      error: new ChatError(c),
      status: CHAT_ERROR_STATUS[c],
      message: CHAT_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "CancelError",
    cases: codes<CancelErrorCode>(CANCEL_ERROR_MESSAGES).map((c) => ({
      error: new CancelError(c),
      status: CANCEL_ERROR_STATUS[c],
      message: CANCEL_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "MoneyError",
    cases: codes<MoneyErrorCode>(MONEY_ERROR_MESSAGES).map((c) => ({
      error: new MoneyError(c),
      status: MONEY_ERROR_STATUS[c],
      message: MONEY_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "AuthError",
    cases: codes<AuthErrorCode>(AUTH_ERROR_MESSAGES).map((c) => ({
      error: new AuthError(c),
      status: AUTH_ERROR_STATUS[c],
      message: AUTH_ERROR_MESSAGES[c],
    })),
  },
  {
    area: "LoginFormError",
    cases: [
      {
        error: new LoginFormError({ email: "Email invalide" }, { email: "x" }),
        status: 400,
        message: LOGIN_FORM_MESSAGES.invalid_form,
      },
    ],
  },
];

describe("mapDomainError: every area's error, every code", () => {
  for (const { area, cases } of AREAS) {
    it(`${area}: ${cases.length} codes, each with its status and its French message`, () => {
      expect(cases.length).toBeGreaterThan(0);
      for (const { error, status, message } of cases) {
        expect(error).toBeInstanceOf(DomainError);
        expect(error.name).toBe(area);
        const mapped = mapDomainError(error);
        expect(mapped, `${area} ${error.code}`).toMatchObject({ status, code: error.code, message });
        expect([400, 401, 403, 404, 409, 429, 500, 502]).toContain(mapped?.status);
        expect(message).not.toBe(error.code);
      }
    });
  }
});

describe("mapDomainError: the field a message goes beside", () => {
  it.each([
    [new RegistrationError("format_complet", "Trail 10 km"), "format_id"],
    [new RegistrationError("hors_periode", "Trail 10 km"), "format_id"],
    [new RegistrationError("format_liste_attente", "Trail 10 km"), "format_id"],
    [new RegistrationError("repas_epuises", "2"), "nombre_repas"],
    [new TransferError("repas_epuises"), "nombre_repas"],
    [new WaitlistError("places_disponibles"), "format_id"],
    [new WaitlistError("liste_fermee"), "format_id"],
    [new RegistrantError("invalid", "Code postal invalide.", "code_postal"), "code_postal"],
  ] as const)("%s → %s", (error, field) => {
    expect(mapDomainError(error)?.field).toBe(field);
  });

  it.each([
    new RegistrationError("paiement"),
    new TransferError("offre_terminee"),
    new WaitlistError("deja_en_liste"),
    new CancelError("deja_annulee"),
    new PaymentError("conflit"),
  ])("%s has none", (error) => {
    expect(mapDomainError(error)).not.toHaveProperty("field");
  });
});

describe("mapDomainError: the message the error was given", () => {
  it("keeps a registrant's precise message and a detail", () => {
    expect(mapDomainError(new RegistrantError("not_found", "Format introuvable."))?.message).toBe(
      "Format introuvable.",
    );
    expect(mapDomainError(new PaymentError("remboursement_impossible", "carte expirée"))?.message).toBe(
      `${PAYMENT_ERROR_MESSAGES.remboursement_impossible} (carte expirée)`,
    );
    expect(mapDomainError(new CourseError("save_failed", "(format 2)"))?.message).toBe(
      `${COURSE_ERROR_MESSAGES.save_failed} (format 2)`,
    );
  });
});

describe("mapDomainError: anything else is not ours", () => {
  it.each([
    ["a plain Error", new Error("boom")],
    ["a provider error", new PaymentProviderError("card_declined", "card_declined")],
    ["a Response", new Response("x", { status: 404 })],
    ["a string", "introuvable"],
    ["an object with a code", { code: "not_found", status: 404, message: "Inscription introuvable." }],
    ["null", null],
    ["undefined", undefined],
  ])("%s → null", (_, e) => {
    expect(isDomainError(e)).toBe(false);
    expect(mapDomainError(e)).toBeNull();
    expect(notFoundResponse(e)).toBeNull();
  });
});

describe("mapDomainError with an error to answer otherwise", () => {
  it("maps the error thrown when it is ours, else the one given", () => {
    const otherwise = new PaymentError("recu_erreur");
    expect(mapDomainError(new PaymentError("recu_introuvable"), otherwise)).toEqual({
      status: 404,
      code: "recu_introuvable",
      message: PAYMENT_ERROR_MESSAGES.recu_introuvable,
    });
    expect(mapDomainError(new Error("boom"), otherwise)).toEqual({
      status: 502,
      code: "recu_erreur",
      message: PAYMENT_ERROR_MESSAGES.recu_erreur,
    });
  });
});

describe("notFoundResponse and notFoundOrRethrow", () => {
  it.each([
    [new RegistrantError("not_found"), 404, REGISTRANT_MESSAGES.not_found],
    [new RegistrantError("not_found", "Format introuvable."), 404, "Format introuvable."],
    [new CourseError("not_found"), 404, COURSE_ERROR_MESSAGES.not_found],
    [new CourseError("forbidden"), 403, COURSE_ERROR_MESSAGES.forbidden],
    [new TransferError("offre_introuvable"), 404, TRANSFER_MESSAGES.offre_introuvable],
    [new TransferError("mauvais_compte"), 403, TRANSFER_MESSAGES.mauvais_compte],
    [new CancelError("inscription_introuvable"), 404, CANCEL_ERROR_MESSAGES.inscription_introuvable],
    [new WaitlistError("introuvable"), 404, WAITLIST_MESSAGES.introuvable],
  ] as const)("%s → %i with its French message", async (error, status, message) => {
    const res = notFoundResponse(error);
    expect(res?.status).toBe(status);
    expect(await res?.text()).toBe(message);
    const thrown = thrownBy(() => notFoundOrRethrow(error));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(status);
  });

  it.each([new RegistrantError("bib_taken"), new CourseError("has_paid_registrations"), new Error("boom")])(
    "%s is not a 404: no response, rethrown as it is",
    (error) => {
      expect(notFoundResponse(error)).toBeNull();
      expect(() => notFoundOrRethrow(error)).toThrow(error);
    },
  );
});

describe("errorToShow", () => {
  it("gives the mapping of an error the page shows", () => {
    expect(errorToShow(new RegistrantError("bib_taken", undefined, "dossard"))).toEqual({
      status: 409,
      code: "bib_taken",
      message: REGISTRANT_MESSAGES.bib_taken,
      field: "dossard",
    });
  });

  it("throws the French 404 or 403 of an error that says not there or not yours", () => {
    for (const [error, status] of [
      [new RegistrantError("not_found"), 404],
      [new TransferError("mauvais_compte"), 403],
    ] as const) {
      const thrown = thrownBy(() => errorToShow(error));
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(status);
    }
  });

  it("rethrows anything else as it is", () => {
    const boom = new Error("boom");
    expect(() => errorToShow(boom)).toThrow(boom);
  });
});

describe("domainErrorResponse", () => {
  it.each([
    [new CancelError("inscription_introuvable"), 404],
    [new TransferError("mauvais_compte"), 403],
    [new RegistrationError("paiement"), 502],
  ] as const)("%s → its status, its French message as the body", async (error, status) => {
    const res = domainErrorResponse(error);
    expect(res.status).toBe(status);
    expect(await res.text()).toBe(error.message);
  });
});
