"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button, Field, Input } from "@/components/ui";
import { ApiClientError } from "@/lib/client/api-error";
import { writeSession } from "@/lib/client/session";
import { acceptInvitation } from "@/modules/team/client/invitations";

type Errors = { username?: string; password?: string; confirm?: string; form?: string };

/**
 * /invite: the invitee chooses a username and password; the server creates the account in the
 * inviting team and signs it in (token and cookie, as the sign-in), and the app opens.
 */
export function AcceptInvitation({ token }: { token: string | null }) {
  const t = useTranslations("Invite");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const router = useRouter();

  if (!token) {
    return (
      <p role="alert" className="text-sm text-danger-text">
        {t("invalid")}
      </p>
    );
  }
  const invitation: string = token;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!/^[A-Za-z0-9._@-]{2,64}$/.test(username.trim())) next.username = t("usernameRule");
    if (password.length < 8 || password.length > 256) next.password = t("passwordRule");
    else if (confirm !== password) next.confirm = t("mismatch");
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const res = await acceptInvitation({
        token: invitation,
        username: username.trim(),
        password,
      });
      writeSession(res.token, res.user.username);
      // As the sign-in: the answer also set the session cookie, which /app checks on the server.
      router.replace("/app");
    } catch (err) {
      const code = err instanceof ApiClientError ? err.code : null;
      setErrors(
        code === "username_taken"
          ? { username: t("usernameTaken") }
          : { form: code === "invitation_invalid" ? t("invalid") : t("failed") },
      );
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <Field id="invite-username" label={t("username")} error={errors.username}>
        <Input
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={64}
        />
      </Field>
      <Field
        id="invite-password"
        label={t("password")}
        hint={t("passwordRule")}
        error={errors.password}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={256}
        />
      </Field>
      <Field id="invite-confirm" label={t("confirm")} error={errors.confirm}>
        <Input
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          maxLength={256}
        />
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-danger-text">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t("joining") : t("join")}
      </Button>
    </form>
  );
}
