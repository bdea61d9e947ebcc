// The registration's login message (spec section 5), on its own so that /login can show it without loading the
// registration rules.
export const LOGIN_TO_PAY = "Veuillez vous connecter pour effectuer le paiement.";
