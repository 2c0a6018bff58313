/**
 * A dynamic import made once: its promise is kept, so that later calls neither import again nor go through
 * the bundler's preload helper, which on every call looks the page's CSP nonce up in the document and
 * resolves each of the module's dependencies (about 0.6 ms a call on a 2-core machine: 660 ms of a list of
 * 1,000 rows whose buttons each ask the authProvider's canAccess). A failed load is tried again by the next
 * call.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      const attempt = load();
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
};
