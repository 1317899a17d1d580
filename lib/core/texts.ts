/** The spec's texts that more than one module shows. */
export const TEXT = {
  outOfStock: 'Out Of Stock',
  overStock: 'Sorry! please order lower or equal of available pieces',
  adminCantPurchase: "admin can't purchase",
  adminRouteDenied: "UnAuthorized Access, You can't access Admin route !!",
  notAdmin: "You're not a admin, you can't make admin anyone!!",
} as const;

/** A part's core deposit, as the part page, the cart, the order and its emails name it. */
export const CORE_TEXT = {
  line: 'Core deposit',
  partNote: (amount: string) => `+ ${amount} core deposit, refunded when the old part comes back`,
  lineOf: (partName: string) => `Core deposit: ${partName}`,
} as const;
