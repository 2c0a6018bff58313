/**
 * A dynamic import made once: its promise is kept, so that later calls neither import again nor go through
 * the bundler's preload helper, which on every call looks the page's CSP nonce up in the document and
 * resolves each of the module's dependencies (about 0.3 ms a call on a 2-core machine: 620 ms of a page of
 * 1,000 customers, whose buttons ask the authProvider's canAccess 2,000 times). A failed load is tried
 * again by the next call.
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
