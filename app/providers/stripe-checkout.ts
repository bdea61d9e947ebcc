// What every Balise Checkout session asks Stripe for (the registration payment, the Premium subscription): French
// pages and receipts, euros, and one line item at the amount given. Pure: the parameters only.
import type Stripe from "stripe";

type PriceData = Stripe.Checkout.SessionCreateParams.LineItem.PriceData;

export function frenchEuroCheckout(
  mode: Stripe.Checkout.SessionCreateParams.Mode,
  item: { amountCents: number; productName: string },
  price: Pick<PriceData, "tax_behavior" | "recurring"> = {},
) {
  return {
    mode,
    locale: "fr",
    currency: "eur",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "eur",
          unit_amount: item.amountCents,
          ...price,
          product_data: { name: item.productName },
        },
      },
    ],
  } satisfies Stripe.Checkout.SessionCreateParams;
}
