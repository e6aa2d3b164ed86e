/** How many requests one upstream host may receive per interval, counted across every replica. */
export interface UpstreamBudget {
  requests: number;
  intervalMs: number;
}

/** A budget for every host, with optional per-host overrides (exact host names). */
export interface UpstreamBudgets extends Partial<UpstreamBudget> {
  hosts?: Record<string, UpstreamBudget>;
}

/** The budget in force for `host`, or undefined when it has none. */
export function budgetFor(budgets: UpstreamBudgets | undefined, host: string): UpstreamBudget | undefined {
  const own = budgets?.hosts?.[host.toLowerCase()];
  if (own) return own;
  if (budgets?.requests && budgets.intervalMs)
    return { requests: budgets.requests, intervalMs: budgets.intervalMs };
  return undefined;
}
