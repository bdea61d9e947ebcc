// The local payment provider's connected accounts: created for an organiser, onboarded on its own page
// (/dev/onboarding). See docs/decisions/0031-local-payment-provider.md.
import * as paths from "~/domain/paths";
import { accountStatusFromObject } from "./payments";
import {
  LOCAL_ONBOARDING_REQUIREMENTS,
  type LocalAccount,
  type LocalAccountLink,
  type LocalPaymentProvider,
} from "./payments-local-types";
import { type LocalStore, newId } from "./payments-local-store.server";

type AccountMethods = Pick<
  LocalPaymentProvider,
  "createAccount" | "createAccountLink" | "retrieveAccount" | "getAccountLink" | "completeOnboarding"
>;

export function localAccountMethods(store: LocalStore): AccountMethods {
  const { nowSec, load, must, save, once, emit } = store;
  return {
    createAccount: ({ userId, email, idempotencyKey }) =>
      once(idempotencyKey, async () => {
        const account: LocalAccount = {
          id: newId("acct"),
          object: "account",
          email,
          metadata: { user_id: userId },
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          requirements: { currently_due: [...LOCAL_ONBOARDING_REQUIREMENTS], past_due: [] },
        };
        await save("account", account);
        return account;
      }).then((a) => ({ accountId: a.id })),

    async createAccountLink({ accountId, returnUrl, refreshUrl }) {
      await must<LocalAccount>("account", accountId, "Compte");
      const link: LocalAccountLink = {
        id: newId("acctlink"),
        account: accountId,
        return_url: returnUrl,
        refresh_url: refreshUrl,
        expires_at: nowSec() + 300,
        used: false,
      };
      await save("account_link", link);
      return { url: paths.devOnboarding(link.id) };
    },

    async retrieveAccount(accountId) {
      const a = await must<LocalAccount>("account", accountId, "Compte");
      return accountStatusFromObject(a as unknown as Record<string, unknown>);
    },

    getAccountLink: (linkId) => load<LocalAccountLink>("account_link", linkId),

    async completeOnboarding(linkId) {
      const link = await load<LocalAccountLink>("account_link", linkId);
      if (!link) return null;
      const a = await must<LocalAccount>("account", link.account, "Compte");
      const enabled: LocalAccount = {
        ...a,
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        requirements: { currently_due: [], past_due: [] },
      };
      await save("account", enabled);
      await save("account_link", { ...link, used: true });
      await emit("account.updated", enabled);
      return { returnUrl: link.return_url };
    },
  };
}
