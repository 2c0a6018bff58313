/** The bundle's entry (build/server/main.js): run it with `node`. */
export declare const serverEntry: string;
/** Builds the server's bundle when it is missing or stale; answers its entry's path. */
export declare function ensureServerBuilt(): Promise<string>;
