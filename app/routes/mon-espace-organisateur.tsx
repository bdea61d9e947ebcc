// Same screen as /organisateur/mon-espace (spec section 2).
export { action, default, links, loader, meta } from "./organisateur.mon-espace";
