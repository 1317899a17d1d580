/** What both card forms (Stripe's and the offline test gateway's) receive from the payment form. */
export type CardFieldsProps = {
  clientSecret: string | null;
  billing: { name: string; email: string };
  onConfirmed: (transactionId: string) => Promise<void>;
};
