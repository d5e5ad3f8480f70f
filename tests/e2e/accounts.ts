// Accounts the e2e server creates in its throw-away data directory before it starts.
export const e2eAccounts = {
  // The organization's first member: its manager.
  rep: { username: "e2e.rep", password: "e2e-rep-password" },
  // A second rep of the same organization (power dialing: a colleague takes a business).
  colleague: { username: "e2e.colleague", password: "e2e-colleague-password" },
  operator: { username: "e2e.operator", password: "e2e-operator-password" },
  // An operator who turns on two-factor sign-in: only tests/e2e/console-two-factor.spec.ts.
  secureOperator: { username: "e2e.secure.operator", password: "e2e-secure-operator-pass" },
  // Changes its own password: only the spec that does so signs in with it.
  security: { username: "e2e.security", password: "e2e-security-password" },
  // Turns on two-factor sign-in: only tests/e2e/two-factor.spec.ts signs in with it.
  twofactor: { username: "e2e.twofactor", password: "e2e-twofactor-password" },
  // A rep the manager deactivates: only tests/e2e/team.spec.ts signs in with it.
  member: { username: "e2e.member", password: "e2e-member-password" },
  // The manager and rep of "E2E Secure", which requires two-factor sign-in: only
  // tests/e2e/required-two-factor.spec.ts signs in with them.
  secureManager: { username: "e2e.secure.manager", password: "e2e-secure-manager-pass" },
  secureRep: { username: "e2e.secure.rep", password: "e2e-secure-rep-password" },
  // The manager of "E2E Other", a second team: only tests/e2e/call-monitoring.spec.ts signs in
  // with it (another team's manager may not monitor a call).
  otherManager: { username: "e2e.other.manager", password: "e2e-other-manager-pass" },
} as const;
