// Accounts the e2e server creates in its throw-away data directory before it starts.
export const e2eAccounts = {
  rep: { username: "e2e.rep", password: "e2e-rep-password" },
  operator: { username: "e2e.operator", password: "e2e-operator-password" },
} as const;
