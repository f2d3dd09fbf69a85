// A message from a published page to its owner: the form's fields and rules, written once for the
// page-message function, the form the templates render (templates/src/forms, through
// @folioforge/shared) and /account, which lists what arrived. The body's schema, which the function
// checks, is contracts/pageForms.ts.

/** The form's field names, as the page posts them. `website` is a trap: people leave it empty, bots fill it. */
export const PAGE_MESSAGE_FIELDS = {
  portfolio: 'portfolio',
  slug: 'slug',
  name: 'name',
  email: 'email',
  message: 'message',
  trap: 'website',
} as const;

export const PAGE_MESSAGE_LIMITS = { name: 120, email: 254, message: 5000 } as const;

/** Where the page's own notes are (`#message-sent`, `#message-failed`): the form is sent back to one of them. */
export const PAGE_MESSAGE_NOTES = { sent: 'message-sent', failed: 'message-failed' } as const;

/** The function's answer to a JSON request. */
export type PageMessageAnswer = { sent: true } | { error: string };
