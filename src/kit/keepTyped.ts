/**
 * react-admin's `<Form>` resets its values whenever the record of the page behind it changes (a refetch when
 * the tab comes back into view, a save elsewhere). A form whose values are not that record's (a dialog, a
 * panel of a show page) keeps what the user has typed: `resetOptions={KEEP_TYPED}`. One object, so the form
 * does not reset on every render.
 */
export const KEEP_TYPED = { keepDirtyValues: true } as const;
