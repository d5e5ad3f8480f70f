/**
 * The line's ICE servers as a call uses them. A TURN server the operator left without a
 * username and credential gets the rep's own time-limited SIP credentials: the TURN REST scheme
 * coturn's `use-auth-secret` checks is the one auth_ephemeral checks, with the same secret
 * ("<expiry>:<user>", base64(HMAC-SHA1(secret, username))), so they expire and refresh together.
 */
export function iceServersFor(
  servers: RTCIceServer[],
  credentials: { username: string; password: string },
): RTCIceServer[] {
  return servers.map((server) => {
    const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
    const turn = urls.some((url) => /^turns?:/i.test(url));
    return turn && !server.username && !server.credential
      ? { ...server, username: credentials.username, credential: credentials.password }
      : server;
  });
}
