// REGISTER: digest challenge (401), then bindings of an address-of-record to the Contact of a
// WebSocket connection. A binding lives until it expires, is removed (Expires 0) or its
// connection closes: over WebSocket the peer can reach a client only through the connection
// it registered on (RFC 7118 section 5).
import { header, headers, parseNameAddr } from "./message.mjs";
import { reply } from "./uas.mjs";

export function onRegister(core, conn, req) {
  if (core.config.registerStatus) return reply(core, conn, req, core.config.registerStatus);
  const auth = core.auth.check(req, "www", "To");
  const username = /username="([^"]*)"/.exec(header(req, "Authorization") ?? "")?.[1] ?? null;
  if (auth.challenge) {
    const { status, header: name, value } = auth.challenge;
    return reply(core, conn, req, status, { extra: [[name, value]] });
  }
  if (auth.refuse) {
    core.state.refused.push({ at: Date.now(), method: "REGISTER", username, ...auth.refuse });
    return reply(core, conn, req, 403, { reason: `Forbidden (${auth.refuse.reason})` });
  }
  // A slow edge: the authenticated REGISTER is answered registerDelayMs later (the line stays
  // "connecting" meanwhile).
  if (core.config.registerDelayMs > 0) {
    setTimeout(() => bind(core, conn, req, auth), core.config.registerDelayMs);
    return;
  }
  bind(core, conn, req, auth);
}

/** Keeps the REGISTER's bindings and answers 200 with the user's current ones. */
function bind(core, conn, req, auth) {
  const user = auth.userId;
  const defaultExpires = Number(header(req, "Expires") ?? core.config.defaultExpires);
  const contacts = headers(req, "Contact");
  if (contacts.length === 1 && contacts[0].trim() === "*") {
    removeBindings(core, (b) => b.user === user);
  }
  for (const value of contacts) {
    if (value.trim() === "*") continue;
    const contact = parseNameAddr(value);
    const requested = Number(contact.params.expires ?? defaultExpires);
    const expires = Math.min(requested, core.config.maxExpires);
    removeBindings(core, (b) => b.user === user && b.contact === contact.uri);
    if (!(expires > 0)) continue;
    const now = Date.now();
    core.state.registrations.push({
      user,
      contact: contact.uri,
      instance: contact.params["+sip.instance"] ?? null,
      expires,
      registeredAt: now,
      expiresAt: now + expires * 1000,
      authUsername: auth.username,
      credential: auth.credential,
      connectionId: conn.id,
      userAgent: header(req, "User-Agent") ?? null,
    });
  }
  const current = bindingsOf(core, user);
  reply(core, conn, req, 200, {
    extra: [
      ...current.map((b) => ["Contact", `<${b.contact}>;expires=${b.expires}`]),
      ["Expires", String(current.at(-1)?.expires ?? 0)],
      ["Date", new Date().toUTCString()],
    ],
  });
}

export function removeBindings(core, predicate) {
  const keep = core.state.registrations.filter((b) => !predicate(b));
  core.state.registrations.splice(0, core.state.registrations.length, ...keep);
}

/** Drops expired bindings and those whose connection has closed; returns the rest. */
export function liveBindings(core) {
  const now = Date.now();
  removeBindings(core, (b) => b.expiresAt <= now || !core.connections.has(b.connectionId));
  return core.state.registrations;
}

/** Live bindings of `user`, oldest first. */
export function bindingsOf(core, user) {
  return liveBindings(core).filter((b) => b.user === user);
}
