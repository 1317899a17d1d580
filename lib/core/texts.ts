/** The spec's texts that more than one module shows. */
export const TEXT = {
  outOfStock: 'Out Of Stock',
  overStock: 'Sorry! please order lower or equal of available pieces',
  adminCantPurchase: "admin can't purchase",
  adminRouteDenied: "UnAuthorized Access, You can't access Admin route !!",
  notAdmin: "You're not a admin, you can't make admin anyone!!",
} as const;
