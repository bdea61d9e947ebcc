import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server; empty in the browser (browsers hide it anyway). */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
