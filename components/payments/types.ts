/** What both card forms (Stripe's and the offline test gateway's) receive from the payment form. */
export type CardFieldsProps = {
  clientSecret: string | null;
  billing: { name: string; email: string };
  onConfirmed: (transactionId: string) => Promise<void>;
  /** A guest's order token (from the order's signed link), sent instead of a session. */
  orderToken?: string;
};

/** The header a guest's payment calls carry instead of a session. */
export const orderTokenHeaders = (orderToken?: string): Record<string, string> => (orderToken ? { 'X-Order-Token': orderToken } : {});
