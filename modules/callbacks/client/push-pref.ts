import "client-only";
import * as r from "@/lib/client/rules";
import { defineKey } from "@/lib/client/storage";

/**
 * Whether a callback that comes due while DialFlow is in another tab also shows a browser
 * notification (Settings → Notifications → Push; the browser's permission is needed as well).
 * Per device, like the theme.
 */
export const callbackPushKey = defineKey<boolean>({
  name: "prefs.callbackPush",
  version: 1,
  area: "local",
  scope: "global",
  schema: r.boolean,
  fallback: true,
});
