/**
 * My Account's texts (portal.myAccount): its profile tab and what its tabs share.
 * Translators: edit the strings, keep the keys and %{placeholders}.
 */
export const myAccount = {};
