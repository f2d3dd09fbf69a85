// @ts-check
// The modules one remote exposes for other remotes to render, beside the screens the shell routes to
// (shell/src/routeTable.mjs); their props are declared in federatedModules.ts. Plain JavaScript, so
// the contract check of a remote (tooling/remoteContract.mjs) reads this very list.

export const FEDERATED_WIDGETS = /** @type {const} */ ({
  /** The buy button: the editor's Get buttons, the account's Resume plan. */
  checkoutButton: { id: 'mfe_commerce/CheckoutButton', renderedBy: ['mfe_editor', 'mfe_auth'] },
});
