/** Remembers each adapter's last successful call, for `api_status`. */
export class HealthLedger {
  readonly #lastSuccess = new Map<string, Date>();

  recordSuccess(adapterId: string, at: Date): void {
    this.#lastSuccess.set(adapterId, at);
  }

  lastSuccess(adapterId: string): Date | null {
    return this.#lastSuccess.get(adapterId) ?? null;
  }
}
