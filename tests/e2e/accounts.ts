// Accounts the e2e server creates in its throw-away data directory before it starts.
export const e2eAccounts = {
  rep: { username: "e2e.rep", password: "e2e-rep-password" },
  // A second rep of the same organization (power dialing: a colleague takes a business).
  colleague: { username: "e2e.colleague", password: "e2e-colleague-password" },
  operator: { username: "e2e.operator", password: "e2e-operator-password" },
} as const;
